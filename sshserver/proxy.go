package sshserver

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"

	"github.com/pires/go-proxyproto"
)

// ParseProxyFrom parses a comma-separated list of load balancer addresses
// for Config.ProxyFrom: CIDR ranges (10.0.0.0/8) or single IPs.
func ParseProxyFrom(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address range (10.0.0.0/8) nor an IP address", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// fromBalancer reports whether a is in Config.ProxyFrom.
func (s *Server) fromBalancer(a net.Addr) bool {
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return false
	}
	ip := ap.Addr().Unmap()
	for _, p := range s.cfg.ProxyFrom {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// proxied reads the PROXY header (v1 or v2) that a connection from a
// balancer must start with, within Config.ProxyTimeout, and returns the
// connection with the header's source as its RemoteAddr. It returns nil,
// having closed c, for the balancer's health checks (a connection closed
// before any byte, or a header without a client address: v2 LOCAL, v1
// UNKNOWN), and for a connection without a valid header, which is logged.
func (s *Server) proxied(c net.Conn) net.Conn {
	seen := &countingConn{Conn: c}
	pc := proxyproto.NewConn(seen, proxyproto.WithPolicy(proxyproto.REQUIRE),
		proxyproto.SetReadHeaderTimeout(s.cfg.ProxyTimeout))
	h := pc.ProxyHeader()
	if h != nil && h.Command.IsProxy() {
		if _, _, ok := h.IPs(); ok {
			return pc
		}
	}
	_ = c.Close()
	if h == nil && !(seen.n.Load() == 0 && seen.broke.Load()) {
		s.noteRefusal(RefusedNoProxy, "no valid PROXY header from a load balancer in time",
			"balancer", c.RemoteAddr().String(), "proxy-timeout", s.cfg.ProxyTimeout)
	}
	return nil
}

// countingConn counts the bytes read from a connection and notes whether a
// read failed other than by its deadline (the peer closed or reset it).
type countingConn struct {
	net.Conn
	n     atomic.Int64
	broke atomic.Bool
}

// Read reads from the connection, counting.
func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.n.Add(int64(n))
	var ne net.Error
	if err != nil && !(errors.As(err, &ne) && ne.Timeout()) {
		c.broke.Store(true)
	}
	return n, err
}
