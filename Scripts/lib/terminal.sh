# A program at a terminal, as a person uses it, for the scripts that source this file: tmux on a
# socket of the script's own, one window named `check`. The caller sets `socket` (unique to its run)
# and stops the server in its EXIT trap (`terminal_stop`).

# terminal_start WIDTH HEIGHT COMMAND: a new terminal (the one before stopped) running COMMAND, a
# shell line; the window stays after the command ends (COMMAND ends with `; sleep 60` for that).
terminal_start() {
    terminal_stop
    tmux -L "$socket" new-session -d -s check -x "$1" -y "$2" "$3"
}

# terminal_stop: ends the terminal and what runs in it.
terminal_stop() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    sleep 0.1
}

# screen: what the terminal shows, with its last `screen_history` lines of scrollback (300), each
# line's trailing spaces kept (a prompt ends in one).
screen() { tmux -L "$socket" capture-pane -t check -p -N -S -"${screen_history:-300}"; }

# type_keys KEY...: keys as tmux names them (Enter, C-c, Tab) or text.
type_keys() { tmux -L "$socket" send-keys -t check "$@"; }

# type_line TEXT: TEXT typed as is, then Enter.
type_line() { tmux -L "$socket" send-keys -t check -l "$1"; tmux -L "$socket" send-keys -t check Enter; }

# on_screen TEXT: how many lines on screen hold TEXT.
on_screen() { screen | grep -cF -- "$1" || true; }

# wait_for TEXT [SECONDS] [N]: waits until TEXT is on screen N times (1), for SECONDS (20) at most.
wait_for() {
    local deadline=$(($(date +%s%N) / 1000000 + ${2:-20} * 1000))
    while [ $(($(date +%s%N) / 1000000)) -lt "$deadline" ]; do
        [ "$(on_screen "$1")" -ge "${3:-1}" ] && return 0
        sleep 0.05
    done
    return 1
}
