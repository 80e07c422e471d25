#!/usr/bin/env bash
# Checks what "make release" left in $DIST (default dist/): every file
# named in SHA256SUMS matches its checksum and is an executable of the
# right format (file(1)); the ones this machine can run answer "uci" with
# "id name Vireo <version>" and "uciok". Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
DIST=${DIST:-dist}
cd "$DIST"

fail=0
sha256sum --quiet -c SHA256SUMS || fail=1
want=9
n=$(wc -l < SHA256SUMS)
if [ "$n" -ne "$want" ]; then
	echo "SHA256SUMS lists $n binaries, want $want"; fail=1
fi

hostos=$(uname -s | tr A-Z a-z)
hostarch=$(uname -m)
case $hostarch in x86_64) hostarch=amd64 ;; aarch64) hostarch=arm64 ;; esac

while read -r _ f; do
	desc=$(file -b "$f")
	case $f in
	*-linux-amd64*) pat='ELF 64-bit.*x86-64.*statically linked' ;;
	*-linux-arm64*) pat='ELF 64-bit.*ARM aarch64.*statically linked' ;;
	*-windows-amd64*) pat='PE32\+ executable.*x86-64' ;;
	*-windows-arm64*) pat='PE32\+ executable.*Aarch64' ;;
	*-darwin-amd64*) pat='Mach-O 64-bit x86_64 executable' ;;
	*-darwin-arm64*) pat='Mach-O 64-bit arm64 executable' ;;
	*) pat='^$' ;;
	esac
	if ! grep -Eq "$pat" <<<"$desc"; then
		echo "FAIL $f: $desc"; fail=1; continue
	fi
	case $f in
	*-"$hostos"-"$hostarch"*)
		# A v3 build stops at once on a CPU without x86-64-v3: not a failure
		# of the build, so it is reported and skipped.
		if [[ $f == *-v3 ]] && ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
			echo "ok   $f: $desc (not run: this CPU lacks x86-64-v3)"; continue
		fi
		out=$(printf 'uci\nquit\n' | timeout 10 "./$f")
		ver=$(sed -n 's/^id name Vireo //p' <<<"$out")
		if ! grep -qx uciok <<<"$out" || [ -z "$ver" ] || [[ $f != vireo-"$ver"-* ]]; then
			echo "FAIL $f: uci answered:"; echo "$out" | head -5; fail=1; continue
		fi
		echo "ok   $f: id name Vireo $ver, uciok" ;;
	*)
		echo "ok   $f: $desc" ;;
	esac
done < SHA256SUMS
exit $fail
