#!/bin/sh
# An outside Skat program made of the engine's own player: plays one seat with `skat bot`
# (docs/arena.md "Through skatd"). Started with the outside program's command line
#
#   docs/examples/bot-seat.sh [--policy P] --server HOST:PORT --table events/E/tables/T \
#       --token-file PATH
#
# it hands the seat token to `skat bot --tokens-file` as the "chair token" line that command
# reads (the chair number there is only a label), in a file of mode 0600 that is removed at the
# end. --policy: heuristic (default), sampling, random or highest. The `skat` binary is $SKAT,
# else `skat` from PATH. Exits with `skat bot`'s code: 0 once the table is finished.
set -e
policy=heuristic
while [ $# -gt 0 ]; do
  case "$1" in
    --server) server=$2; shift 2 ;;
    --table) table=$2; shift 2 ;;
    --token-file) token_file=$2; shift 2 ;;
    --policy) policy=$2; shift 2 ;;
    *) echo "bot-seat.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$server" ] || [ -z "$table" ] || [ -z "$token_file" ]; then
  echo "bot-seat.sh: give --server, --table and --token-file" >&2
  exit 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
umask 077
printf '1 %s\n' "$(cat "$token_file")" > "$dir/tokens"
"${SKAT:-skat}" bot --server "$server" --table "$table" --tokens-file "$dir/tokens" \
  --policy "$policy" -q
