package webhook

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// MaxURL is the longest address ValidateURL accepts, in bytes.
const MaxURL = 512

// errPrivate refuses an address of this machine or of a private network.
var errPrivate = errors.New("The address leads to this server or to a private network, which this server does not allow.")

// ValidateURL checks an address a player gives for their notifications:
// http or https, with a host, without a user name or password, at most
// MaxURL long. Unless allowPrivate, an IP address of this machine or of a
// private network and the name localhost are refused too (a name that
// resolves to one is refused when the Notifier connects). The error is a
// sentence for the player.
func ValidateURL(raw string, allowPrivate bool) error {
	_, err := parseURL(raw, allowPrivate)
	return err
}

// parseURL is ValidateURL that returns the parsed address.
func parseURL(raw string, allowPrivate bool) (*url.URL, error) {
	if len(raw) > MaxURL {
		return nil, fmt.Errorf("The address is too long: at most %d characters.", MaxURL)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("The address is not a valid web address.")
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return nil, errors.New("The address must start with https:// or http://.")
	}
	if u.Hostname() == "" {
		return nil, errors.New("The address needs a host name after https://.")
	}
	if u.User != nil {
		return nil, errors.New("The address must not carry a user name or password before an @: services take their key in the path or after a ?.")
	}
	if !allowPrivate && privateHost(u.Hostname()) {
		return nil, errPrivate
	}
	return u, nil
}

// privateHost reports whether a host as written is localhost or a literal
// IP address that is not public.
func privateHost(host string) bool {
	name := strings.ToLower(strings.TrimRight(host, "."))
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && !public(ip)
}

// nonPublic are blocks that the netip predicates do not name: "this
// network" and carrier-grade NAT.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
}

// public reports whether ip may be reached when private addresses are
// refused.
func public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsMulticast() ||
		ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// refusePrivate is a net.Dialer Control that refuses to connect to an
// address that is not public: it sees the address a name resolved to, so
// a name that leads to this machine is refused too.
func refusePrivate(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !public(ap.Addr()) {
		return errPrivate
	}
	return nil
}
