vcl 4.1;

# Varnish in front of the read proxy (`storefront-widgets proxy`): the README's recipe
# ("When your shop is busy"). The proxy's answers say how long to keep them
# (s-maxage, Age; stale-while-revalidate becomes Varnish's grace); concurrent misses of
# one read wait for one fetch.
backend storefront_proxy {
  .host = "127.0.0.1";
  .port = "8788";
}

# The proxy's own address: the only client whose BAN (after a webhook) Varnish takes.
acl storefront_purgers {
  "127.0.0.1";
}

sub vcl_recv {
  if (req.method == "BAN") {
    if (client.ip !~ storefront_purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.X-Storefront-Ban) {
      return (synth(400, "X-Storefront-Ban missing"));
    }
    ban("req.url ~ " + req.http.X-Storefront-Ban);
    return (synth(200, "Banned"));
  }
  if (req.method == "GET" || req.method == "HEAD") {
    # The proxy reads neither (it holds the shop's key): without them, every shopper
    # shares one cached answer. Varnish would pass requests that carry them.
    unset req.http.Cookie;
    unset req.http.Authorization;
    return (hash);
  }
  # Preflights and everything else: the proxy answers or refuses them itself.
  return (pass);
}

sub vcl_backend_response {
  # Kept past their grace, so that an expired answer is revalidated rather than lost.
  set beresp.keep = 1h;
}
