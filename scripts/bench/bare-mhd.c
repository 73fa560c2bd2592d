/* The ceiling: libmicrohttpd alone, with Understudy's flags (internal polling
 * thread pool of 2, epoll, suspend/resume allowed, turbo, 16 KiB connection pool), answering every
 * request with one pre-built response: the bytes of a file and the given header fields (libmicrohttpd adds
 * Date and Content-Length itself, as it does for Understudy).
 * Built and run by scripts/bench.py; not part of Understudy.
 * Usage: bare-mhd PORT FILE [NAME VALUE]... */
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static struct MHD_Response *response;

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*req_cls == NULL) { *req_cls = (void *)1; return MHD_YES; } /* headers only: keep-alive needs two calls */
    *upload_data_size = 0;
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

int main(int argc, char **argv) {
    if (argc < 3 || argc % 2 == 0) { fprintf(stderr, "usage: bare-mhd PORT FILE [NAME VALUE]...\n"); return 2; }
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 1; }
    static char body[1 << 20];
    size_t size = fread(body, 1, sizeof body, file);
    fclose(file);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    response = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_PERSISTENT);
    for (int i = 3; i + 1 < argc; i += 2) MHD_add_response_header(response, argv[i], argv[i + 1]);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_TURBO | MHD_USE_ERROR_LOG,
        (uint16_t)atoi(argv[1]), NULL, NULL, handle, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)60,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)4096,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(16 * 1024), MHD_OPTION_END);
    if (!daemon) { fprintf(stderr, "bare-mhd: cannot start on port %s\n", argv[1]); return 1; }
    int sig;
    sigwait(&set, &sig);
    MHD_stop_daemon(daemon);
    return 0;
}
