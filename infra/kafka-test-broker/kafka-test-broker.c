/*
 * kafka-test-broker: an in-memory Kafka-protocol cluster for integration
 * tests, built on librdkafka's mock cluster (Debian: librdkafka-dev).
 *
 * It speaks the Kafka wire protocol on loopback ports, keeps everything in
 * memory and starts in milliseconds, so tests need neither a JVM nor Docker.
 *
 * Usage:
 *   kafka-test-broker [--brokers N] [--topic NAME[:PARTITIONS]]...
 *
 * Protocol on stdio (one line each, always flushed):
 *   stdout, once:  BOOTSTRAP host:port,host:port,...
 *   stdin -> stdout:
 *     down <brokerId>                        -> OK ... | ERR ...
 *     up <brokerId>                          -> OK ... | ERR ...
 *     leader <topic> <partition> <brokerId>  -> OK ... | ERR ...
 *     topic <name> <partitions>              -> OK ... | ERR ...
 *     quit                                   -> OK bye, then exit 0
 *
 * Exits 0 on quit, end of stdin (so the broker dies with its parent) and
 * SIGTERM/SIGINT. librdkafka's own log lines go to stderr.
 *
 * Build: gcc -O2 -Wall -Wextra -o kafka-test-broker kafka-test-broker.c -lrdkafka
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define DEFAULT_BROKERS    3
#define DEFAULT_PARTITIONS 3
#define MAX_REPLICATION    3
#define LINE_MAX_LEN       1024

/* Set from the signal handler; the main loop polls stdin with a timeout so
 * it notices the flag even when no input arrives. */
static volatile sig_atomic_t stop_requested = 0;

static void on_signal(int sig) {
        (void)sig;
        stop_requested = 1;
}

static rd_kafka_mock_cluster_t *mcluster;
static int brokers = DEFAULT_BROKERS;
static int replication; /* min(3, brokers): the mock can't place more
                           replicas than there are brokers. */

/* Writes one answer line. The controller waits for each line, so it must
 * never sit in the stdio buffer. */
static void reply(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void reply(const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
        fflush(stdout);
}

/* Strict integer parsing: "3x" or "" is an error, not 3 or 0. */
static int parse_int(const char *s, int *out) {
        char *end;
        long v;

        if (!s || !*s)
                return -1;
        errno = 0;
        v     = strtol(s, &end, 10);
        if (errno || *end || v < INT_MIN || v > INT_MAX)
                return -1;
        *out = (int)v;
        return 0;
}

/* Called after every mock API call. Each call queues an op for the mock's
 * own thread and waits for it; in librdkafka 2.0.2 an op queued right after
 * the previous one finished can miss its wake-up and then waits for the
 * thread's 1 s poll timeout (measured: about one call in five when calls
 * are back to back). A 1 ms pause lets the thread settle first. */
static void settle(void) {
        struct timespec ms = {0, 1000 * 1000};
        nanosleep(&ms, NULL);
}

/* Creates a topic and spreads its partition leaders over the brokers
 * (partition p on broker p % N + 1). Left alone, the mock makes broker 1
 * the leader of every partition whenever replication == brokers, and then
 * taking any other broker down would never touch the data path. */
static rd_kafka_resp_err_t create_topic(const char *name, int partitions) {
        rd_kafka_resp_err_t err;
        int p;

        err = rd_kafka_mock_topic_create(mcluster, name, partitions,
                                         replication);
        settle();
        for (p = 0; !err && p < partitions; p++) {
                err = rd_kafka_mock_partition_set_leader(mcluster, name, p,
                                                         p % brokers + 1);
                settle();
        }
        return err;
}

/* Runs one command line (modified in place) and answers it with exactly one
 * line, even when it is malformed, so the controller never waits forever.
 * Returns 1 on quit. */
static int handle_command(char *line) {
        char *save = NULL, *arg[5] = {0};
        const char *cmd;
        rd_kafka_resp_err_t err;
        int n = 0, id, partition, partitions;

        /* Up to 5 words: one more than any command takes, to spot extras. */
        for (char *tok = strtok_r(line, " \t\r", &save); tok && n < 5;
             tok = strtok_r(NULL, " \t\r", &save))
                arg[n++] = tok;
        cmd = arg[0] ? arg[0] : "";

        if (!strcmp(cmd, "quit") && n == 1) {
                reply("OK bye");
                return 1;
        }

        if ((!strcmp(cmd, "down") || !strcmp(cmd, "up")) && n == 2 &&
            !parse_int(arg[1], &id)) {
                /* Down closes the broker's connections and refuses new ones.
                 * It does NOT move partition leadership: use `leader`. */
                err = !strcmp(cmd, "down")
                          ? rd_kafka_mock_broker_set_down(mcluster, id)
                          : rd_kafka_mock_broker_set_up(mcluster, id);
                settle();
                if (err)
                        reply("ERR %s: %s", cmd, rd_kafka_err2str(err));
                else
                        reply("OK %s %d", cmd, id);

        } else if (!strcmp(cmd, "leader") && n == 4 &&
                   !parse_int(arg[2], &partition) && !parse_int(arg[3], &id)) {
                /* -1 makes the partition leaderless. Beware: the mock
                 * silently creates an unknown topic here. */
                err = rd_kafka_mock_partition_set_leader(mcluster, arg[1],
                                                         partition, id);
                settle();
                if (err)
                        reply("ERR leader: %s", rd_kafka_err2str(err));
                else
                        reply("OK leader %s %d %d", arg[1], partition, id);

        } else if (!strcmp(cmd, "topic") && n == 3 &&
                   !parse_int(arg[2], &partitions) && partitions >= 1) {
                err = create_topic(arg[1], partitions);
                if (err)
                        reply("ERR topic: %s", rd_kafka_err2str(err));
                else
                        reply("OK topic %s %d", arg[1], partitions);

        } else {
                reply("ERR bad command; expected one of: down <brokerId> | "
                      "up <brokerId> | leader <topic> <partition> <brokerId> "
                      "| topic <name> <partitions> | quit");
        }
        return 0;
}

static void usage(const char *argv0) {
        fprintf(stderr,
                "usage: %s [--brokers N] [--topic NAME[:PARTITIONS]]...\n",
                argv0);
}

int main(int argc, char **argv) {
        char errstr[512];
        char buf[LINE_MAX_LEN];
        size_t len     = 0;
        int discarding = 0; /* skipping the tail of an over-long line */
        int i, rc = 0;
        struct sigaction sa;
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;

        /* Brokers first: the replication factor of every topic depends on
         * it, and topics can only be created once the cluster exists. */
        for (i = 1; i < argc; i++) {
                if (!strcmp(argv[i], "--brokers") && i + 1 < argc) {
                        if (parse_int(argv[++i], &brokers) || brokers < 1) {
                                fprintf(stderr, "invalid --brokers value\n");
                                return 2;
                        }
                } else if (!strcmp(argv[i], "--topic") && i + 1 < argc) {
                        i++; /* handled below */
                } else {
                        usage(argv[0]);
                        return 2;
                }
        }
        replication = brokers < MAX_REPLICATION ? brokers : MAX_REPLICATION;

        /* No SA_RESTART: a signal must interrupt poll() right away. */
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGINT, &sa, NULL);
        /* If the reader of stdout goes away, fail the write instead of dying
         * without cleanup; EOF on stdin then ends the loop. */
        signal(SIGPIPE, SIG_IGN);

        /* The mock cluster needs a client handle for its bookkeeping only;
         * this producer never produces. */
        conf = rd_kafka_conf_new();
        /* Hide the notice that this handle has no bootstrap.servers: true,
         * harmless, and confusing in test logs. Warnings still show. */
        if (rd_kafka_conf_set(conf, "log_level", "4", errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK)
                fprintf(stderr, "log_level: %s\n", errstr);
        rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, "rd_kafka_new failed: %s\n", errstr);
                return 1;
        }

        mcluster = rd_kafka_mock_cluster_new(rk, brokers);
        if (!mcluster) {
                fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
                rd_kafka_destroy(rk);
                return 1;
        }

        for (i = 1; i < argc; i++) {
                char *spec, *colon;
                int partitions = DEFAULT_PARTITIONS;
                rd_kafka_resp_err_t err;

                if (!strcmp(argv[i], "--brokers")) {
                        i++;
                        continue;
                }
                spec  = argv[++i]; /* --topic NAME[:PARTITIONS] */
                colon = strrchr(spec, ':');
                if (colon) {
                        *colon = '\0';
                        if (parse_int(colon + 1, &partitions) ||
                            partitions < 1) {
                                fprintf(stderr, "invalid partitions in "
                                                "--topic %s\n", spec);
                                rc = 2;
                                goto out;
                        }
                }
                if (!*spec ||
                    (err = create_topic(spec, partitions))) {
                        fprintf(stderr, "cannot create topic '%s': %s\n", spec,
                                *spec ? rd_kafka_err2str(err)
                                      : "empty name");
                        rc = 2;
                        goto out;
                }
        }

        reply("BOOTSTRAP %s", rd_kafka_mock_cluster_bootstraps(mcluster));

        /* Read stdin with raw read(): stdio buffering would hide complete
         * lines from poll(). The timeout bounds how long a signal that
         * arrives between the flag check and poll() can go unnoticed. */
        while (!stop_requested) {
                struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
                ssize_t n;
                char *nl;

                if (poll(&pfd, 1, 200) <= 0)
                        continue; /* timeout or EINTR: re-check the flag */

                n = read(STDIN_FILENO, buf + len, sizeof(buf) - 1 - len);
                if (n < 0 && (errno == EINTR || errno == EAGAIN))
                        continue;
                if (n <= 0)
                        break; /* EOF: our parent is gone, or done with us */
                len += (size_t)n;
                buf[len] = '\0';

                if (discarding) {
                        if (!(nl = memchr(buf, '\n', len))) {
                                len = 0;
                                continue;
                        }
                        len -= (size_t)(nl - buf) + 1;
                        memmove(buf, nl + 1, len + 1);
                        discarding = 0;
                }

                while ((nl = memchr(buf, '\n', len))) {
                        size_t used = (size_t)(nl - buf) + 1;
                        int quit;

                        *nl  = '\0';
                        quit = handle_command(buf);
                        memmove(buf, buf + used, len - used);
                        len -= used;
                        buf[len] = '\0';
                        if (quit)
                                goto out;
                }

                if (len == sizeof(buf) - 1) {
                        /* No newline in a full buffer: answer now and drop
                         * the rest of that line, so replies stay 1:1. */
                        reply("ERR line too long");
                        len        = 0;
                        discarding = 1;
                }
        }

out:
        rd_kafka_mock_cluster_destroy(mcluster);
        rd_kafka_destroy(rk);
        return rc;
}
