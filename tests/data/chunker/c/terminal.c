/* Terminal width cache: a conditional that splits a statement's header, attribute macros
 * between a function's type and its name, and loop macros. */

#include <stdlib.h>
#include <wchar.h>

#include "term.h"

static enum sort_order width_order[] = {
	SORT_NAME,
	SORT_SIZE,
};

/* Log with a format. */
static void printflike(2, 3)
term_log(struct term *t, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vwrite(t->log, fmt, ap);
	va_end(ap);
}

/* Add every codepoint in the option to the cache. */
static void
term_add_widths(struct term *t, const char *option)
{
	struct utf8_data	*ud;
	wchar_t			 wc;

	ud = utf8_fromcstr(option);
#ifdef HAVE_UTF8PROC
	if (utf8proc_mbtowc(&wc, ud[0].data, ud[0].size) <= 0) {
#else
	if (mbtowc(&wc, ud[0].data, ud[0].size) <= 0) {
#endif
		free(ud);
		return;
	}
	term_cache_insert(t, wc, wcwidth(wc));
	free(ud);
}

/* Drop every cached width. */
void
term_clear_widths(struct term *t)
{
	struct width_item	*w, *w1;

	RB_FOREACH_SAFE (w, width_tree, &t->widths, w1) {
		RB_REMOVE(width_tree, &t->widths, w);
		free(w);
	}
}
