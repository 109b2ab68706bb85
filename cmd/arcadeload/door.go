package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"sort"
	"sync"
	"syscall"
	"time"

	"golang.org/x/crypto/ssh"
)

// doorConfig is what the door subcommand's flags ask for.
type doorConfig struct {
	addr       string
	silent     int
	silentIPs  int
	renew      time.Duration
	warm       time.Duration
	logins     int
	loginEvery time.Duration
	refused    int
	refusedIPs int
	keyFile    string
	timeout    time.Duration
	json       bool
}

// doorReport is what the door subcommand measured.
type doorReport struct {
	Silent *floodReport   `json:"silent,omitempty"`
	Logins *loginReport   `json:"logins,omitempty"`
	Held   *refusedReport `json:"refused,omitempty"`
}

// floodReport counts the silent connections' outcomes: told (the server
// sent its version line and a disconnect with a sentence), bare (closed
// or reset with no sentence), dial errors; Sentences counts the sentences.
type floodReport struct {
	Connections int            `json:"connections"`
	Addresses   int            `json:"addresses"`
	Dials       int            `json:"dials"`
	Told        int            `json:"told"`
	Bare        int            `json:"bare"`
	DialErrors  int            `json:"dial_errors"`
	Sentences   map[string]int `json:"sentences"`
}

// loginReport is the ordinary logins made during the flood.
type loginReport struct {
	Tried   int            `json:"tried"`
	In      int            `json:"in"`
	First   dist           `json:"first_screen"`
	Failed  map[string]int `json:"failed"`
	Listed  bool           `json:"listed_key"`
	Address string         `json:"addresses"`
}

// refusedReport is the refused clients that stayed after their refusal:
// how many were told why, how long each stayed from its dial until the
// server closed it, and the listed key's logins from their addresses
// while they stayed.
type refusedReport struct {
	Clients  int            `json:"clients"`
	Told     int            `json:"told"`
	Stayed   dist           `json:"stayed"`
	NotShut  int            `json:"not_closed"`
	Other    map[string]int `json:"other"`
	Listed   int            `json:"listed_tried"`
	ListedIn int            `json:"listed_in"`
}

// runDoor is the door subcommand: it attacks the server's front door the
// way a flood or a crowd of refused clients would, while ordinary players
// or a listed key log in, and counts who got in and who was told why.
func runDoor(args []string, stdout, stderr io.Writer) int {
	c, err := parseDoorFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "arcadeload door:", err)
		return 2
	}
	var key ssh.Signer
	if c.keyFile != "" {
		b, err := os.ReadFile(c.keyFile)
		if err == nil {
			key, err = ssh.ParsePrivateKey(b)
		}
		if err != nil {
			fmt.Fprintln(stderr, "arcadeload door: -key:", err)
			return 2
		}
	}
	var r doorReport
	if c.refused > 0 {
		r.Held = holdRefused(c, key)
	}
	if c.silent > 0 || c.logins > 0 {
		r.Silent, r.Logins = floodAndLogin(c, key)
	}
	if c.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(r)
		return 0
	}
	printDoor(stdout, &r)
	return 0
}

func parseDoorFlags(args []string, stderr io.Writer) (doorConfig, error) {
	var c doorConfig
	fs := flag.NewFlagSet("arcadeload door", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:2222", "server `address`")
	fs.IntVar(&c.silent, "silent", 0, "silent connections kept open (each renewed every -renew)")
	fs.IntVar(&c.silentIPs, "silent-ips", 16, "addresses the silent connections come from (127.1.x.y)")
	fs.DurationVar(&c.renew, "renew", 10*time.Second, "how often each silent connection is opened again")
	fs.DurationVar(&c.warm, "warm", 10*time.Second, "how long the flood runs before the first login")
	fs.IntVar(&c.logins, "logins", 25, "ordinary logins made during the flood, each from its own address (127.2.x.y)")
	fs.DurationVar(&c.loginEvery, "login-every", time.Second, "time between two logins")
	fs.IntVar(&c.refused, "refused", 0, "refused clients that stay after their refusal (run first, before any flood)")
	fs.IntVar(&c.refusedIPs, "refused-ips", 1, "addresses the refused clients come from (127.3.x.y)")
	fs.StringVar(&c.keyFile, "key", "", "private key `file` of a listed key: the logins use it, and it logs in from the refused clients' addresses")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "longest wait for a login's first screen, or for a refused client to be closed")
	fs.BoolVar(&c.json, "json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	switch {
	case fs.NArg() > 0:
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case c.silent < 0 || c.logins < 0 || c.refused < 0:
		return c, errors.New("-silent, -logins and -refused cannot be negative")
	case c.silentIPs < 1 || c.refusedIPs < 1 || c.silentIPs > 40000 || c.refusedIPs > 40000:
		return c, errors.New("-silent-ips and -refused-ips must be within 1..40000")
	case c.renew <= 0 || c.timeout <= 0 || c.loginEvery <= 0 || c.warm < 0:
		return c, errors.New("-renew, -timeout and -login-every must be above zero, -warm not below")
	case c.refused > 0 && c.keyFile == "":
		return c, errors.New("-refused needs -key: a listed key logs in from the refused clients' addresses")
	}
	return c, nil
}

// loopback is the i-th address of the loopback block 127.b.0.0/16
// (Linux routes all of 127.0.0.0/8 to lo).
func loopback(b byte, i int) net.IP {
	return net.IPv4(127, b, byte(i/200), byte(2+i%200))
}

// floodAndLogin keeps c.silent silent connections open from c.silentIPs
// addresses, renewing each every c.renew, and after c.warm makes c.logins
// ordinary logins (guests, or the listed key) from fresh addresses.
func floodAndLogin(c doorConfig, key ssh.Signer) (*floodReport, *loginReport) {
	ctx, stop := context.WithCancel(context.Background())
	fr := &floodReport{Connections: c.silent, Addresses: c.silentIPs, Sentences: map[string]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range c.silent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the first dials over a second, as a flood ramps up.
			sleepCtx(ctx, time.Duration(i)*time.Second/time.Duration(c.silent))
			for ctx.Err() == nil {
				began := time.Now()
				told, err := holdSilent(ctx, loopback(1, i%c.silentIPs), c.addr, c.renew)
				mu.Lock()
				fr.Dials++
				switch {
				case err != nil:
					fr.DialErrors++
				case told == "":
					fr.Bare++
				default:
					fr.Told++
					fr.Sentences[told]++
				}
				mu.Unlock()
				sleepCtx(ctx, time.Until(began.Add(c.renew)))
			}
		}()
	}
	lr := &loginReport{Failed: map[string]int{}, Listed: key != nil, Address: "127.2.x.y, one each"}
	if c.logins > 0 {
		sleepCtx(ctx, c.warm)
		d := &dialer{addr: c.addr, w: 80, h: 24, ips: 1, timeout: c.timeout, key: key,
			from: func(i int) net.IP { return loopback(2, i) }}
		var lw sync.WaitGroup
		var firsts []time.Duration
		for i := range c.logins {
			lw.Add(1)
			go func() {
				defer lw.Done()
				s, err := d.open(i, fmt.Sprintf("player%03d", i), false)
				mu.Lock()
				defer mu.Unlock()
				lr.Tried++
				if err != nil {
					lr.Failed[err.Error()]++
					return
				}
				lr.In++
				firsts = append(firsts, s.firstAt)
				s.client.Close()
			}()
			time.Sleep(c.loginEvery)
		}
		lw.Wait()
		lr.First = distOf(firsts)
	}
	stop()
	wg.Wait()
	if c.logins == 0 {
		lr = nil
	}
	if c.silent == 0 {
		fr = nil
	}
	return fr, lr
}

// holdSilent opens a TCP connection from ip that never says anything and
// reads what the server sends until it closes the connection, or until
// hold has passed (or ctx ends). It returns the sentence of the server's
// disconnect, "" when the server closed it without one.
func holdSilent(ctx context.Context, ip net.IP, addr string, hold time.Duration) (string, error) {
	nd := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: hold}
	conn, err := nd.DialContext(ctx, "tcp", addr)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) })
	defer stop()
	_ = conn.SetDeadline(time.Now().Add(hold))
	got, _ := io.ReadAll(io.LimitReader(conn, 4096))
	if ctx.Err() != nil {
		return "(the run ended first)", nil
	}
	return sentenceIn(got), nil
}

// sentenceIn returns the sentence of the SSH_MSG_DISCONNECT that follows
// the server's version line in b, in clear text ("" if there is none).
func sentenceIn(b []byte) string {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return ""
	}
	// uint32 packet length, byte padding length, byte message 1
	// (disconnect), uint32 reason code, string description.
	p := b[nl+1:]
	if len(p) < 14 || p[5] != 1 {
		return ""
	}
	n := int(binary.BigEndian.Uint32(p[10:14]))
	if n > len(p)-14 {
		return ""
	}
	return string(p[14 : 14+n])
}

// holdRefused first logs the listed key in from the refused clients'
// addresses (as the team behind an office NAT would have), then opens
// c.refused clients that are refused as they log in and stay: each
// answers keyboard-interactive, is told why, and then holds its place
// before offering a key it never offers. While they stay, the listed key
// logs in again from every one of their addresses. It reports how long
// each refused client stayed, from its dial until the server closed it.
func holdRefused(c doorConfig, key ssh.Signer) *refusedReport {
	r := &refusedReport{Clients: c.refused, Other: map[string]int{}}
	d := &dialer{addr: c.addr, w: 80, h: 24, ips: 1, timeout: c.timeout, key: key,
		from: func(i int) net.IP { return loopback(3, i%c.refusedIPs) }}
	listed := func() {
		for i := range c.refusedIPs {
			r.Listed++
			if s, err := d.open(i, "team", false); err == nil {
				r.ListedIn++
				s.client.Close()
			} else {
				r.Other["listed key: "+err.Error()]++
			}
		}
	}
	listed()
	var mu sync.Mutex
	var stayed []time.Duration
	var wg sync.WaitGroup
	toldAll := make(chan struct{}, c.refused)
	for i := range c.refused {
		wg.Add(1)
		go func() {
			defer wg.Done()
			told, took, err := stayRefused(loopback(3, i%c.refusedIPs), c.addr, fmt.Sprintf("stranger%03d", i), c.timeout, toldAll)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				r.Other[err.Error()]++
			case took < 0:
				r.NotShut++
			default:
				stayed = append(stayed, took)
			}
			if told {
				r.Told++
			}
		}()
		time.Sleep(5 * time.Millisecond)
	}
	// Once they were all told why (or two seconds passed: some may have
	// been turned away at the door instead), the team logs in again
	// beside them.
	deadline := time.After(2 * time.Second)
wait:
	for range c.refused {
		select {
		case <-toldAll:
		case <-deadline:
			break wait
		}
	}
	listed()
	wg.Wait()
	r.Stayed = distOf(stayed)
	return r
}

// stayRefused logs in from ip as user through keyboard-interactive only,
// notes whether it was told why it is refused (and signals told), and then
// holds its place until the server closes the connection. took is the time
// from its dial until then (-1 when it was still open after timeout).
func stayRefused(ip net.IP, addr, user string, timeout time.Duration, told chan<- struct{}) (wasTold bool, took time.Duration, err error) {
	start := time.Now()
	nd := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: timeout}
	conn, err := nd.Dial("tcp", addr)
	if err != nil {
		return false, 0, stageErr("dial", err)
	}
	defer conn.Close()
	closed := make(chan time.Duration, 1)
	release := make(chan struct{})
	go func() {
		defer close(release)
		end := start.Add(timeout)
		for time.Now().Before(end) {
			if peerClosed(conn) {
				closed <- time.Since(start)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		closed <- -1
	}()
	cfg := &ssh.ClientConfig{
		User: user, HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: timeout,
		BannerCallback: func(string) error {
			if !wasTold {
				wasTold = true
				told <- struct{}{}
			}
			return nil
		},
		Auth: []ssh.AuthMethod{
			ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil }),
			ssh.PublicKeysCallback(func() ([]ssh.Signer, error) {
				<-release // holds its place until the server closes
				return nil, errors.New("gone")
			}),
		},
	}
	if cc, _, _, err := ssh.NewClientConn(conn, addr, cfg); err == nil {
		cc.Close()
		return wasTold, 0, errors.New("a stranger was let in")
	}
	return wasTold, <-closed, nil
}

// peerClosed reports whether the other end closed conn: a peek finds the
// end of the stream (or a reset) rather than no data yet, or the SSH
// client has closed conn on reading that end.
func peerClosed(conn net.Conn) bool {
	tc, ok := conn.(*net.TCPConn)
	if !ok {
		return false
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return true
	}
	gone := false
	err = rc.Control(func(fd uintptr) {
		var b [1]byte
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		gone = (n == 0 && err == nil) || (err != nil && !errors.Is(err, syscall.EAGAIN))
	})
	// The SSH client closes the connection itself once it reads the end.
	return gone || err != nil
}

// sleepCtx sleeps for d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// printDoor writes the door report for people.
func printDoor(w io.Writer, r *doorReport) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	counts := func(m map[string]int) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
		for _, k := range keys {
			p("    %5d  %s", m[k], k)
		}
	}
	if h := r.Held; h != nil {
		p("refused clients that stay: %d, told why %d; closed after %s; still open at the end: %d",
			h.Clients, h.Told, h.Stayed, h.NotShut)
		p("  the listed key from their addresses: %d of %d in", h.ListedIn, h.Listed)
		counts(h.Other)
	}
	if f := r.Silent; f != nil {
		p("silent connections: %d from %d addresses; %d dials: %d told why, %d closed bare, %d dial errors",
			f.Connections, f.Addresses, f.Dials, f.Told, f.Bare, f.DialErrors)
		counts(f.Sentences)
	}
	if l := r.Logins; l != nil {
		who := "guests"
		if l.Listed {
			who = "the listed key"
		}
		p("logins during the flood (%s, %s): %d of %d in; first screen %s", who, l.Address, l.In, l.Tried, l.First)
		counts(l.Failed)
	}
}
