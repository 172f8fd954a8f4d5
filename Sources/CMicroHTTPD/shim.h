// GNU libmicrohttpd for Swift.  Its start and info calls are variadic, which Swift
// cannot call, so these inline wrappers pass the options the server uses.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon with its own polling thread (epoll when available), suspend/resume
/// allowed, bound to `host` (an IPv4 or IPv6 literal) and `port` (0: any free port).
/// Returns NULL when the address is not a literal or the socket cannot be bound.
static inline struct MHD_Daemon *idr_mhd_start(const char *host, uint16_t port,
                                               unsigned int connection_timeout,
                                               unsigned int connection_limit,
                                               MHD_AccessHandlerCallback handler, void *handler_cls,
                                               MHD_RequestCompletedCallback completed, void *completed_cls) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *address;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (useful after starting on port 0), or 0.
static inline uint16_t idr_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Sets one connection's idle timeout in seconds (0: none); measured from the connection's
/// last activity.  Call it from the access handler.
static inline enum MHD_Result idr_mhd_set_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}
