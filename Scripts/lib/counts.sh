# Counting a check's results, for the scripts that source this file: `ok WHAT` and `bad WHAT` print
# one line each and count it; `counts_end NAME` prints "NAME: N passed, N failed" and returns 1 when
# anything failed (a script's last line). A script that wants more said after each failure (the
# screen, a file) defines `after_bad`, which `bad` calls.

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() {
    failed=$((failed + 1))
    echo "FAILED: $1"
    if [ "$(type -t after_bad)" = function ]; then after_bad; fi
    return 0
}
counts_end() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
