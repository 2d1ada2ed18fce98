#include <signal.h>
#include "signals.h"

#ifdef __linux__
struct sig_state {
    int installed;
    struct {
        int count;
        int last;
    } stats;
    struct sig_entry {
        int signo;
        void (*handler)(int);
    } table[32];
};
#endif

static struct sig_state state;

typedef void (*sig_handler_t)(int);

static inline int valid_signal(int signo) { return signo > 0 && signo < 32; }

/* Returns the handler previously installed for signo. */
void (*handler_for(int signo))(int)
{
    return state.table[signo].handler;
}

char **signal_names(void)
{
    static char *names[] = {"HUP", "INT", "QUIT", NULL};
    return names;
}

/* Installs a handler; this version is half-edited and does not compile. */
int install(int signo, sig_handler_t fn)
{
    if (!valid_signal(signo)
        return -1;
    state.table[signo].handler = fn;
    state.stats.count++;
    return sigaction(signo, &(struct sigaction){ .sa_handler = fn }, NULL);
}

void dispatch(int signo)
{
    struct sig_entry *e = &state.table[signo];
    if (e->handler)
        e->handler(signo);
}
