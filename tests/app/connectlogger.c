/* LD_PRELOAD shim for tst_privacy: appends every connect(), sendto() and sendmsg() destination
 * (inet, inet6, unix) to the file named by REPOLENS_CONNECT_LOG, one line each, then calls the
 * real function. Built without sanitizers; loaded into the app and the CLI by the test. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static void log_destination(const char *fn, const struct sockaddr *addr, socklen_t len)
{
    const char *path = getenv("REPOLENS_CONNECT_LOG");
    if (!path || !addr || len < (socklen_t)sizeof(sa_family_t))
        return;
    char host[INET6_ADDRSTRLEN] = "";
    char line[512];
    int n = 0;
    if (addr->sa_family == AF_INET && len >= (socklen_t)sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)addr;
        inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
        n = snprintf(line, sizeof line, "%s inet %s %u\n", fn, host, ntohs(in->sin_port));
    } else if (addr->sa_family == AF_INET6 && len >= (socklen_t)sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)addr;
        inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
        n = snprintf(line, sizeof line, "%s inet6 %s %u\n", fn, host, ntohs(in6->sin6_port));
    } else if (addr->sa_family == AF_UNIX) {
        const struct sockaddr_un *un = (const struct sockaddr_un *)addr;
        const char *name = un->sun_path[0] ? un->sun_path : "@abstract";
        n = snprintf(line, sizeof line, "%s unix %s\n", fn, name);
    } else {
        n = snprintf(line, sizeof line, "%s family %d\n", fn, (int)addr->sa_family);
    }
    if (n <= 0)
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    ssize_t written = write(fd, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
    (void)written;
    close(fd);
}

int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
    static int (*real)(int, const struct sockaddr *, socklen_t);
    if (!real)
        real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    log_destination("connect", addr, len);
    return real(fd, addr, len);
}

ssize_t sendto(int fd, const void *buf, size_t size, int flags, const struct sockaddr *addr, socklen_t len)
{
    static ssize_t (*real)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
    if (!real)
        real = (ssize_t(*)(int, const void *, size_t, int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "sendto");
    if (addr)
        log_destination("sendto", addr, len);
    return real(fd, buf, size, flags, addr, len);
}

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
    static ssize_t (*real)(int, const struct msghdr *, int);
    if (!real)
        real = (ssize_t(*)(int, const struct msghdr *, int))dlsym(RTLD_NEXT, "sendmsg");
    if (msg && msg->msg_name)
        log_destination("sendmsg", (const struct sockaddr *)msg->msg_name, msg->msg_namelen);
    return real(fd, msg, flags);
}
