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

# The repository's files (tracked or new, not ignored); outside a git
# checkout, every file under the root.
files() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -co --exclude-standard "*.$1"
	else
		find . -name "*.$1" -not -path './.git/*' | sed 's|^\./||'
	fi
}
md=$(files md | grep -v '^docs/history/')
gosrc=$(files go)

fail=0
if [ -n "$md" ] && grep -nHiE 'sessions?|queue line|\bth[0-9]+\b|\bissues? #?[0-9]+|\bseeds? 00[0-9]' $md; then
	fail=1
fi
if [ -n "$gosrc" ] && grep -nHiE '\bissues? #?[0-9]+|\bseeds? 00[0-9]' $gosrc; then
	fail=1
fi
if [ $fail -ne 0 ]; then
	echo "check-words: the lines above use words a reader cannot follow (see scripts/check-words.sh)" >&2
fi
exit $fail
