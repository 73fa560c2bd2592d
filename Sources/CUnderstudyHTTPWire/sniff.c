#include <sys/socket.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

int
uhw_peek_is_garbage(int fd)
{
    unsigned char bytes[32];
    ssize_t count = recv(fd, bytes, sizeof bytes, MSG_PEEK | MSG_DONTWAIT);
    if (count <= 0) return 0;
    ssize_t i = 0;
    while (i < count && (bytes[i] == '\r' || bytes[i] == '\n')) i++;
    ssize_t method_start = i;
    while (i < count && uhw_is_tchar(bytes[i])) i++;
    if (i == count) return 0;           /* a method still arriving */
    return !(bytes[i] == ' ' && i > method_start);
}

void
uhw_answer_and_shut_down(int fd, const char *reply, size_t reply_length)
{
    char sink[4096];
    while (recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0) {}
    (void)uhw_send_quietly(fd, reply, reply_length);
    shutdown(fd, SHUT_RDWR);
}
