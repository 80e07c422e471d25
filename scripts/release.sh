#!/usr/bin/env bash
# Builds the release binaries of Vireo into $DIST (default dist/): Linux,
# Windows and macOS on amd64 and arm64, amd64 twice (a portable x86-64
# build, GOAMD64=v1, and an x86-64-v3 build for AVX2/BMI2 CPUs), each
# static (CGO_ENABLED=0), stamped with $VERSION, and SHA256SUMS over them.
# "make release" runs it; docs/release.md says how a release is cut.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
DIST=${DIST:-dist}
VERSION=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}

# os/arch/level; level is the GOAMD64 setting for amd64, empty otherwise.
targets=(
	linux/amd64/v1 linux/amd64/v3 linux/arm64/
	windows/amd64/v1 windows/amd64/v3 windows/arm64/
	darwin/amd64/v1 darwin/amd64/v3 darwin/arm64/
)

rm -rf "$DIST"
mkdir -p "$DIST"
for t in "${targets[@]}"; do
	IFS=/ read -r os arch level <<<"$t"
	name="vireo-$VERSION-$os-$arch"
	[ -n "$level" ] && name="$name-$level"
	[ "$os" = windows ] && name="$name.exe"
	# The profile cmd/vireo/default.pgo guides every build (-pgo=auto).
	env CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" GOAMD64="${level:-v1}" \
		"$GO" build -trimpath -ldflags "-s -w -X main.version=$VERSION" \
		-o "$DIST/$name" ./cmd/vireo
	echo "$DIST/$name"
done
(cd "$DIST" && sha256sum vireo-* > SHA256SUMS)
echo "$DIST/SHA256SUMS"
