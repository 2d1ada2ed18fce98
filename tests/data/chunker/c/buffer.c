/* buffer.c - growable byte buffers. */
#include <stdlib.h>
#include <string.h>
#include "buffer.h"

#define BUFFER_MIN_CAPACITY 64
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Element type of the internal free list. */
typedef struct chunk chunk_t;

struct chunk {
    struct chunk *next;
    size_t size;
    unsigned char data[];
};

typedef enum {
    BUF_OK = 0,
    BUF_NOMEM,
    BUF_RANGE,
} buf_status;

union word {
    uint32_t u;
    float f;
};

typedef const char *cstr_t;
typedef int (*buf_visitor)(const unsigned char *data, size_t len, void *ctx);

static chunk_t *free_list = NULL;

/**
 * Makes sure at least `extra` more bytes fit.
 * Returns BUF_OK or BUF_NOMEM.
 */
static buf_status buffer_reserve(struct buffer *buf, size_t extra)
{
    size_t need = buf->len + extra;
    if (need <= buf->cap)
        return BUF_OK;
    size_t cap = MAX(buf->cap * 2, BUFFER_MIN_CAPACITY);
    while (cap < need)
        cap *= 2;
    unsigned char *data = realloc(buf->data, cap);
    if (!data)
        return BUF_NOMEM;
    buf->data = data;
    buf->cap = cap;
    return BUF_OK;
}

struct buffer *buffer_new(void)
{
    struct buffer *buf = calloc(1, sizeof *buf);
    return buf;
}

/* Returns a pointer to the bytes; valid until the next append. */
const unsigned char *buffer_data(const struct buffer *buf) { return buf->data; }

char **buffer_split_lines(const struct buffer *buf, size_t *count);

int buffer_append(struct buffer *buf, const void *src, size_t len)
{
    if (buffer_reserve(buf, len) != BUF_OK)
        return -1;
    memcpy(buf->data + buf->len, src, len);
    buf->len += len;
    return 0;
}

int buffer_visit(const struct buffer *buf, buf_visitor visit, void *ctx)
{
    return visit(buf->data, buf->len, ctx);
}

/* Formats like printf; long on purpose (a state machine over the format). */
int buffer_printf(struct buffer *buf, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int written = 0;
    for (const char *p = fmt; *p; ++p) {
        if (*p != '%') {
            if (buffer_append(buf, p, 1) < 0)
                goto fail;
            ++written;
            continue;
        }
        ++p;
        char tmp[32];
        int n = 0;
        switch (*p) {
        case 'd':
            n = snprintf(tmp, sizeof tmp, "%d", va_arg(args, int));
            break;
        case 'u':
            n = snprintf(tmp, sizeof tmp, "%u", va_arg(args, unsigned));
            break;
        case 's': {
            const char *s = va_arg(args, cstr_t);
            size_t len = strlen(s);
            if (buffer_append(buf, s, len) < 0)
                goto fail;
            written += (int)len;
            continue;
        }
        case '%':
            tmp[0] = '%';
            n = 1;
            break;
        default:
            goto fail;
        }
        if (buffer_append(buf, tmp, (size_t)n) < 0)
            goto fail;
        written += n;
    }
    va_end(args);
    return written;
fail:
    va_end(args);
    return -1;
}

#ifdef BUFFER_SELF_TEST
int main(void)
{
    struct buffer *b = buffer_new();
    buffer_printf(b, "%s=%d\n", "answer", 42);
    return buffer_visit(b, NULL, NULL);
}
#endif
