// Fixed-signature wrappers over libedit for Swift.
//
// el_set, el_get and history are variadic, and Swift cannot call variadic C
// functions; stdin/stdout/stderr are not concurrency-safe globals in Swift 6,
// so they are handed to el_init here. Only the LineEditing module imports this.
#ifndef LISTLAB_CLIBEDIT_SHIM_H
#define LISTLAB_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef char *(*listlab_prompt_fn)(EditLine *);
typedef unsigned char (*listlab_key_fn)(EditLine *, int);

/// Makes the C library read and write UTF-8: under LANG=C, POSIX or no
/// locale, libedit drops every non-ASCII byte. Returns 1 when it had to fall
/// back to C.UTF-8.
static inline int listlab_use_utf8_locale(void) {
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) return 0;
    // C.UTF-8 on Linux; macOS has no C.UTF-8 but always has en_US.UTF-8.
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "en_US.UTF-8");
    return 1;
}

static inline int listlab_stdin_is_terminal(void) { return isatty(STDIN_FILENO); }

static inline EditLine *listlab_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline void listlab_el_end(EditLine *el) { el_end(el); }

static inline void listlab_el_set_prompt(EditLine *el, listlab_prompt_fn prompt) {
    el_set(el, EL_PROMPT, prompt);
}

static inline void listlab_el_set_editor(EditLine *el, const char *mode) {
    el_set(el, EL_EDITOR, mode);
}

/// Lets libedit restore the terminal on SIGTSTP, SIGCONT and SIGWINCH.
static inline void listlab_el_handle_signals(EditLine *el) { el_set(el, EL_SIGNAL, 1); }

static inline void listlab_el_set_client_data(EditLine *el, void *data) {
    el_set(el, EL_CLIENTDATA, data);
}

static inline void *listlab_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// Turns off the terminal's signal keys in edit mode (so that ^C and ^Z reach
/// bound functions instead of killing or stopping the process).
static inline void listlab_el_disable_signal_keys(EditLine *el) {
    el_set(el, EL_SETTY, "-d", "-isig", NULL);
}

static inline void listlab_el_add_function(EditLine *el, const char *name, const char *help, listlab_key_fn fn) {
    el_set(el, EL_ADDFN, name, help, fn);
}

static inline void listlab_el_bind(EditLine *el, const char *key, const char *function) {
    el_set(el, EL_BIND, key, function, NULL);
}

static inline void listlab_el_use_history(EditLine *el, History *history_handle) {
    el_set(el, EL_HIST, history, history_handle);
}

/// The line so far: its bytes before the cursor, and the length of all of it.
static inline const char *listlab_el_line(EditLine *el, int *cursor, int *length) {
    const LineInfo *info = el_line(el);
    *cursor = (int)(info->cursor - info->buffer);
    *length = (int)(info->lastchar - info->buffer);
    return info->buffer;
}

static inline int listlab_el_insert(EditLine *el, const char *text) { return el_insertstr(el, text); }

/// Deletes `count` characters (code points) before the cursor.
static inline void listlab_el_delete_before(EditLine *el, int count) {
    if (count > 0) el_deletestr(el, count);
}

/// Clears the line being edited. el_cursor and el_deletestr count
/// characters, so the counts come from the wide line, not the UTF-8 one.
static inline void listlab_el_clear_line(EditLine *el) {
    const LineInfoW *info = el_wline(el);
    int after = (int)(info->lastchar - info->cursor);
    if (after > 0) el_cursor(el, after);
    info = el_wline(el);
    int all = (int)(info->cursor - info->buffer);
    if (all > 0) el_deletestr(el, all);
}

static inline const char *listlab_el_gets(EditLine *el, int *count) { return el_gets(el, count); }

static inline History *listlab_history_init(int size) {
    History *h = history_init();
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}

static inline void listlab_history_end(History *h) { history_end(h); }

static inline int listlab_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

static inline int listlab_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

static inline int listlab_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

/// Stops the process as ^Z would with the terminal's signal keys on.
static inline void listlab_suspend(void) { kill(getpid(), SIGTSTP); }

static inline unsigned char listlab_cc_redisplay(void) { return CC_REDISPLAY; }
static inline unsigned char listlab_cc_refresh(void) { return CC_REFRESH; }
static inline unsigned char listlab_cc_refresh_beep(void) { return CC_REFRESH_BEEP; }

#endif
