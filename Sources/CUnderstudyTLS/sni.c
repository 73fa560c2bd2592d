#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "CUnderstudyTLS.h"
#include "internal.h"

enum { max_entries = 64, max_chain = 4 };

struct entry {
    unsigned port;
    char name[256];
    gnutls_pcert_st chain[max_chain];
    unsigned chain_length;
    gnutls_privkey_t key;
};

/* Entries are never freed: a handshake on another thread may hold one. Adding a
 * port and name again (a server started again on its port) points the slot at a
 * new entry and leaves the old one, and a stopped server's entries are dropped
 * from the table: a few kilobytes per start. */
static struct entry *entries[max_entries];
static size_t entry_count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int
ust_sni_add(unsigned port, const char *server_name, const char *cert_pem, const char *key_pem)
{
    if (strlen(server_name) >= sizeof entries[0]->name) return GNUTLS_E_ILLEGAL_PARAMETER;
    struct entry *made = calloc(1, sizeof *made);
    if (made == NULL) return GNUTLS_E_MEMORY_ERROR;
    made->port = port;
    strcpy(made->name, server_name);
    made->chain_length = max_chain;
    gnutls_datum_t certificates = ust_datum(cert_pem), key = ust_datum(key_pem);
    int result = gnutls_pcert_list_import_x509_raw(made->chain, &made->chain_length, &certificates, GNUTLS_X509_FMT_PEM, 0);
    if (result < 0) {
        free(made);
        return result;
    }
    result = gnutls_privkey_init(&made->key);
    if (result >= 0) result = gnutls_privkey_import_x509_raw(made->key, &key, GNUTLS_X509_FMT_PEM, NULL, 0);
    if (result < 0) {
        for (unsigned i = 0; i < made->chain_length; i++) gnutls_pcert_deinit(&made->chain[i]);
        if (made->key != NULL) gnutls_privkey_deinit(made->key);
        free(made);
        return result;
    }
    pthread_mutex_lock(&lock);
    size_t slot = 0;
    while (slot < entry_count && (entries[slot]->port != port || strcasecmp(entries[slot]->name, server_name) != 0)) slot++;
    if (slot == max_entries) result = GNUTLS_E_MEMORY_ERROR;
    else {
        entries[slot] = made;
        if (slot == entry_count) entry_count++;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

void
ust_sni_forget(unsigned port)
{
    pthread_mutex_lock(&lock);
    size_t kept = 0;
    for (size_t i = 0; i < entry_count; i++)
        if (entries[i]->port != port) entries[kept++] = entries[i];
    entry_count = kept;
    pthread_mutex_unlock(&lock);
}

/* The local port of the handshake's socket: the port of the server it reached. */
static unsigned
local_port(gnutls_session_t session)
{
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(gnutls_transport_get_int(session), (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

static int
retrieve(gnutls_session_t session, const gnutls_datum_t *req_ca_rdn, int nreqs, const gnutls_pk_algorithm_t *pk_algos,
         int pk_algos_length, gnutls_pcert_st **pcert, unsigned int *pcert_length, gnutls_privkey_t *privkey)
{
    (void)req_ca_rdn, (void)nreqs, (void)pk_algos, (void)pk_algos_length;
    char name[256];
    size_t size = sizeof name;
    unsigned type = 0;
    if (gnutls_server_name_get(session, name, &size, &type, 0) < 0 || type != GNUTLS_NAME_DNS) name[0] = 0;
    unsigned port = local_port(session);
    struct entry *chosen = NULL, *fallback = NULL;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < entry_count; i++) {
        if (entries[i]->port != port) continue;
        if (entries[i]->name[0] == 0) fallback = entries[i];
        else if (name[0] != 0 && strcasecmp(entries[i]->name, name) == 0) chosen = entries[i];
    }
    pthread_mutex_unlock(&lock);
    if (chosen == NULL) chosen = fallback;
    if (chosen == NULL) return -1;
    *pcert = chosen->chain;
    *pcert_length = chosen->chain_length;
    *privkey = chosen->key;
    return 0;
}

void *
ust_sni_callback(void)
{
    gnutls_certificate_retrieve_function2 *function = retrieve;
    return (void *)function;
}

int
ust_connection_is_tls(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    return info != NULL && info->tls_session != NULL;
}
