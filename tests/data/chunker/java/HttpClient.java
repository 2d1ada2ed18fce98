/*
 * Copyright (c) 2024 Example Corp.
 */
package com.example.net;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import static java.util.Objects.requireNonNull;

/**
 * A minimal HTTP client with pluggable transports.
 */
public class HttpClient extends BaseClient implements AutoCloseable, Configurable<Options> {
    private static final int DEFAULT_TIMEOUT = 30;
    private final Transport transport;
    private final Map<String, String> headers;

    /** Creates a client over the given transport. */
    public HttpClient(Transport transport) {
        super("http");
        this.transport = requireNonNull(transport);
        this.headers = new HashMap<>();
    }

    @Override
    public void close() throws IOException {
        transport.shutdown();
    }

    /**
     * Sends a request and returns the response.
     *
     * @param request the request to send
     */
    public <T> Response<T> send(Request request, Decoder<T> decoder) throws IOException {
        Request prepared = prepare(request);
        Response<T> response = transport.execute(prepared, decoder);
        if (response.status() >= 300 && response.status() < 400) {
            return followRedirect(response, decoder);
        }
        return response;
    }

    private Request prepare(Request request) {
        RequestBuilder builder = new RequestBuilder(request);
        for (Map.Entry<String, String> e : headers.entrySet()) {
            builder.header(e.getKey(), e.getValue());
        }
        return builder.timeout(DEFAULT_TIMEOUT).build();
    }

    /** Redirect policy of a client. */
    public enum Redirect {
        NEVER,
        ALWAYS,
        NORMAL;

        boolean allows(String from, String to) {
            return this == ALWAYS || (this == NORMAL && !to.startsWith("http:"));
        }
    }

    /** A response header pair. */
    public record Header(String name, String value) {
        public Header {
            requireNonNull(name);
        }

        String render() {
            return name + ": " + value;
        }
    }

    static class Pool {
        private final List<Connection> idle = new ArrayList<>();

        Connection acquire(String host) {
            return idle.isEmpty() ? Connection.open(host) : idle.remove(0);
        }
    }

    private <T> Response<T> followRedirect(Response<T> response, Decoder<T> decoder) throws IOException {
        String location = response.header("Location");
        if (location == null) {
            throw new IOException("redirect without Location");
        }
        Request next = Request.get(location);
        // Count hops so a redirect loop cannot run forever.
        int hops = 0;
        Response<T> current = response;
        while (current.isRedirect()) {
            hops++;
            if (hops > 10) {
                throw new IOException("too many redirects");
            }
            String target = current.header("Location");
            if (target == null || target.isEmpty()) {
                break;
            }
            if (target.startsWith("/")) {
                target = next.url().resolve(target).toString();
            }
            next = Request.get(target);
            for (Map.Entry<String, String> e : headers.entrySet()) {
                next = next.withHeader(e.getKey(), e.getValue());
            }
            current = transport.execute(next, decoder);
            if (current == null) {
                throw new IOException("transport returned no response");
            }
            if (current.status() == 303) {
                next = next.withMethod("GET");
            }
            if (current.status() >= 500) {
                log("server error after redirect: " + current.status());
                break;
            }
        }
        if (hops == 0) {
            log("no redirect followed");
        } else {
            log("followed " + hops + " redirects");
        }
        return current;
    }
}

/** Something that accepts options. */
interface Configurable<O extends Options> {
    /** Applies options. */
    void configure(O options);

    default boolean isConfigured() {
        return false;
    }
}
