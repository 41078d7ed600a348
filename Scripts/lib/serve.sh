# Starting `listlab serve` for a check and reading the address it prints, for the scripts that source
# this file. The server prints `listlab serve: http://127.0.0.1:PORT/#token=HEX (Ctrl-C stops it)` on
# its first line; Scripts/lib/serve_client.py (on PYTHONPATH="$serve_lib") is a tab of it.

serve_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# serve_start FOLDER LOG COMMAND...: runs COMMAND (a server with --port 0) in FOLDER in the
# background, its standard output in LOG.out and its standard error in LOG.err, and waits for its
# address; sets serve_pid, serve_url (the address as printed), serve_port and serve_token (empty
# with --no-token). Exits the script, with the server's standard error, when no address comes.
serve_start() {
    local folder=$1 log=$2
    shift 2
    : > "$log.out"  # the loop below may read it before the program has opened it
    (cd "$folder" && exec "$@" > "$log.out" 2> "$log.err") &
    serve_pid=$!
    serve_url=""
    for _ in $(seq 100); do
        serve_url=$(sed -n '1s|.*\(http://127\.0\.0\.1:[0-9]*/[^ ]*\).*|\1|p' "$log.out")
        [ -n "$serve_url" ] && break
        kill -0 "$serve_pid" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$serve_url" ]; then
        echo "$(basename "$0"): the server did not print its address:" >&2
        cat "$log.err" >&2
        exit 1
    fi
    serve_port=${serve_url#http://127.0.0.1:}
    serve_port=${serve_port%%/*}
    serve_token=$(echo "$serve_url" | sed -n 's|.*#token=\([0-9a-f]*\).*|\1|p')
}

# serve_stop [SIGNAL]: stops the server serve_start started (SIGTERM by default) and waits for it.
serve_stop() {
    [ -n "${serve_pid:-}" ] || return 0
    kill -"${1:-TERM}" "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
    serve_pid=""
}
