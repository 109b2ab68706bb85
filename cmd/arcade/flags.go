package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"charm.land/log/v2"

	"arcade/sshserver"
)

// envFlag ties a flag to the environment variable that supplies its value
// when the flag is not given.
type envFlag struct {
	name, env string
}

// parseFlags applies the environment to fs, then parses args over it: a flag
// beats its variable, which beats the default. A malformed value of either
// is an error that names both.
func parseFlags(fs *flag.FlagSet, vars []envFlag, args []string, getenv func(string) string) error {
	for _, v := range vars {
		val := getenv(v.env)
		if val == "" {
			continue
		}
		if err := fs.Lookup(v.name).Value.Set(val); err != nil {
			return fmt.Errorf("invalid value %q for %s (flag -%s): %v", val, v.env, v.name, err)
		}
	}
	return fs.Parse(args)
}

// positiveInt is an int flag that must be at least 1.
type positiveInt int

// String implements flag.Value.
func (p *positiveInt) String() string { return strconv.Itoa(int(*p)) }

// Set implements flag.Value.
func (p *positiveInt) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return errors.New("want a whole number of at least 1")
	}
	*p = positiveInt(n)
	return nil
}

// wholeInt is an int flag that must be at least 0.
type wholeInt int

// String implements flag.Value.
func (w *wholeInt) String() string { return strconv.Itoa(int(*w)) }

// Set implements flag.Value.
func (w *wholeInt) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return errors.New("want a whole number of at least 0")
	}
	*w = wholeInt(n)
	return nil
}

// positiveDuration is a duration flag that must be above zero.
type positiveDuration time.Duration

// String implements flag.Value.
func (p *positiveDuration) String() string { return time.Duration(*p).String() }

// Set implements flag.Value.
func (p *positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d <= 0 {
		return errors.New("want a duration above zero, like 700ms or 15s")
	}
	*p = positiveDuration(d)
	return nil
}

// logLevel is a charm.land/log level flag.
type logLevel log.Level

// String implements flag.Value.
func (l *logLevel) String() string { return log.Level(*l).String() }

// Set implements flag.Value.
func (l *logLevel) Set(s string) error {
	switch lvl, err := log.ParseLevel(strings.TrimSpace(s)); {
	case err != nil, lvl < log.DebugLevel, lvl > log.ErrorLevel:
		return errors.New("want debug, info, warn or error")
	default:
		*l = logLevel(lvl)
	}
	return nil
}

// logFormat is the -log-format flag: text or json.
type logFormat string

// String implements flag.Value.
func (f *logFormat) String() string { return string(*f) }

// Set implements flag.Value.
func (f *logFormat) Set(s string) error {
	switch s = strings.TrimSpace(s); s {
	case "text", "json":
		*f = logFormat(s)
		return nil
	}
	return errors.New("want text or json")
}

// formatter is the charm.land/log formatter of the format.
func (f logFormat) formatter() log.Formatter {
	if f == "json" {
		return log.JSONFormatter
	}
	return log.TextFormatter
}

// metricsAddr checks a -metrics address; one with no host (":9100") listens
// on loopback only: metrics are for the operator, so exposing them is an
// explicit choice ("0.0.0.0:9100").
func metricsAddr(addr string) (string, error) {
	host, port, err := splitAddr("metrics", addr)
	if err != nil {
		return "", err
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// splitAddr reads flag name's address, host:port or :port with a port from
// 0 to 65535, so that a typo stops the server before it starts.
func splitAddr(name, addr string) (host, port string, err error) {
	host, port, err = net.SplitHostPort(strings.TrimSpace(addr))
	if err != nil || port == "" {
		return "", "", fmt.Errorf("invalid value %q for flag -%s: want host:port or :port", addr, name)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "", "", fmt.Errorf("invalid value %q for flag -%s: %q is not a port", addr, name, port)
	}
	return host, port, nil
}

// proxyFrom is the -proxy-from flag: the load balancers' address ranges.
type proxyFrom []netip.Prefix

// String implements flag.Value.
func (p *proxyFrom) String() string {
	parts := make([]string, len(*p))
	for i, r := range *p {
		parts[i] = r.String()
	}
	return strings.Join(parts, ",")
}

// Set implements flag.Value.
func (p *proxyFrom) Set(s string) error {
	ranges, err := sshserver.ParseProxyFrom(s)
	if err != nil {
		return err
	}
	*p = ranges
	return nil
}
