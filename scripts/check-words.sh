#!/usr/bin/env bash
# Fails when reference text uses words only the project's authors can
# resolve: outside docs/history/, no Markdown file may say "session",
# "queue line", a queue name such as "th19", "issue N" or "seed 00N", and
# no Go file "issue N" or "seed 00N". Sources are cited by name (the
# Chessprogramming wiki, Rofchade's search, the Slow Chess tuning notes,
# Stockfish, Ethereal). "make test" runs it; each hit is printed as
# file:line:text.
set -uo pipefail
cd "$(dirname "$0")/.."

# The repository's files that exist (tracked or new, not ignored), one
# name a line; outside a git checkout, every file under the root.
files() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -co --exclude-standard "*.$1" | while IFS= read -r f; do
			[ -f "$f" ] && printf '%s\n' "$f" # not one deleted but still tracked
		done
	else
		find . -name "*.$1" -not -path './.git/*' | sed 's|^\./||'
	fi
}

# hits PATTERN FILE...: grep exits 0 on a hit, 1 on none and 2 on an
# error (after printing any hits it found): only 1 passes.
hits() {
	local pat=$1
	shift
	[ $# -gt 0 ] || return 1
	grep -nHiE "$pat" -- "$@"
	[ $? -ne 1 ]
}

mapfile -t md < <(files md | grep -v '^docs/history/')
mapfile -t gosrc < <(files go)
fail=0
if hits 'sessions?|queue line|\bth[0-9]+\b|\bissues? #?[0-9]+|\bseeds? 00[0-9]' "${md[@]}"; then
	fail=1
fi
if hits '\bissues? #?[0-9]+|\bseeds? 00[0-9]' "${gosrc[@]}"; then
	fail=1
fi
if [ $fail -ne 0 ]; then
	echo "check-words: the lines above use words a reader cannot follow (see scripts/check-words.sh)" >&2
fi
exit $fail
