package sshguard

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

const testReason = "Too many connections from your address (8 at most): close one and try again."

// refusingListener accepts connections on a loopback port and refuses each
// with Refuse; the errors Refuse returns arrive on the returned channel.
func refusingListener(t *testing.T, reason string, timeout time.Duration) (addr string, errs <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	ch := make(chan error, 16)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { ch <- Refuse(c, reason, timeout) }()
		}
	}()
	return ln.Addr().String(), ch
}

func TestRefuseGoClientSeesReason(t *testing.T) {
	addr, errs := refusingListener(t, testReason, 10*time.Second)
	_, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            "player",
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err == nil {
		t.Fatal("dial succeeded, want a disconnect")
	}
	if !strings.Contains(err.Error(), testReason) || !strings.Contains(err.Error(), "reason 12") {
		t.Fatalf("dial error %q, want reason 12 and %q", err, testReason)
	}
	if err := <-errs; err != nil {
		t.Fatalf("Refuse: %v", err)
	}
}

// dialRaw connects to addr and sends pre (the client's first lines).
func dialRaw(t *testing.T, addr, pre string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, pre); err != nil {
		t.Fatal(err)
	}
	return c, bufio.NewReader(c)
}

// readPacket reads one unencrypted binary packet (RFC 4253 6) and checks its
// framing; it returns the payload.
func readPacket(t *testing.T, r io.Reader) []byte {
	t.Helper()
	var hdr [5]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		t.Fatalf("read packet header: %v", err)
	}
	length := binary.BigEndian.Uint32(hdr[:4])
	padding := int(hdr[4])
	if (4+length)%8 != 0 {
		t.Errorf("packet of %d bytes: not a multiple of the block size 8", 4+length)
	}
	if 4+length < 16 {
		t.Errorf("packet of %d bytes: under the minimum of 16", 4+length)
	}
	if padding < 4 || padding >= int(length) {
		t.Fatalf("padding %d in a packet of length %d", padding, length)
	}
	rest := make([]byte, length-1)
	if _, err := io.ReadFull(r, rest); err != nil {
		t.Fatalf("read packet: %v", err)
	}
	return rest[:len(rest)-padding]
}

type disconnect struct {
	Reason      uint32 `sshtype:"1"`
	Description string
	Language    string
}

func readDisconnect(t *testing.T, r io.Reader) disconnect {
	t.Helper()
	var d disconnect
	if err := gossh.Unmarshal(readPacket(t, r), &d); err != nil {
		t.Fatalf("not a disconnect message: %v", err)
	}
	return d
}

func TestRefuseWire(t *testing.T) {
	addr, errs := refusingListener(t, testReason, 10*time.Second)
	// Two lines before the identification, as RFC 4253 4.2 lets a peer
	// send, then what a client sends right after it: its KEXINIT, here
	// junk that Refuse must read and discard, never answer with a reset.
	c, r := dialRaw(t, addr, "hello\r\nworld\n"+"SSH-2.0-OpenSSH_9.9\r\n"+strings.Repeat("k", 5000))
	ident, err := r.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if ident != ServerVersion+"\r\n" {
		t.Fatalf("identification %q, want %q", ident, ServerVersion+"\r\n")
	}
	d := readDisconnect(t, r)
	if d.Reason != DisconnectTooManyConnections || d.Description != testReason || d.Language != "" {
		t.Fatalf("disconnect %+v", d)
	}
	// Refuse shut its side: nothing follows the disconnect.
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("after the disconnect: %d bytes, %v; want EOF", n, err)
	}
	c.Close() // Refuse waits for this
	if err := <-errs; err != nil {
		t.Fatalf("Refuse: %v", err)
	}
}

func TestRefuseNoIdentification(t *testing.T) {
	for _, tc := range []struct {
		name, pre string
	}{
		{"too many lines", strings.Repeat("not ssh\r\n", maxPreIdentLines+1) + "SSH-2.0-late\r\n"},
		{"line too long", "SSH-2.0-" + strings.Repeat("x", maxIdentLine) + "\r\n"},
		{"SSH-1", "SSH-1.5-ancient\r\n"},
		{"closed", "SSH-2.0-cut sho"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, errs := refusingListener(t, testReason, 10*time.Second)
			c, r := dialRaw(t, addr, tc.pre)
			if tc.name == "closed" {
				c.(*net.TCPConn).CloseWrite()
			}
			err := <-errs
			if !errors.Is(err, errNoIdent) {
				t.Fatalf("Refuse: %v, want %v", err, errNoIdent)
			}
			// Our identification, then the connection closes: no packet
			// for a client that did not speak SSH-2.0.
			rest, _ := io.ReadAll(r)
			if string(rest) != ServerVersion+"\r\n" {
				t.Fatalf("client read %q, want only our identification", rest)
			}
		})
	}
}

func TestRefuseTimeout(t *testing.T) {
	// The client says nothing: Refuse gives up at its deadline, and tells
	// it why all the same.
	addr, errs := refusingListener(t, testReason, 50*time.Millisecond)
	_, r := dialRaw(t, addr, "")
	if err := <-errs; !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("Refuse: %v, want a deadline error", err)
	}
	if _, err := r.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	if d := readDisconnect(t, r); d.Description != testReason {
		t.Errorf("a silent client was told %q", d.Description)
	}
}

func TestRefuseAcceptsSSH199(t *testing.T) {
	addr, errs := refusingListener(t, testReason, 10*time.Second)
	c, r := dialRaw(t, addr, "SSH-1.99-compat\n")
	if _, err := r.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	if d := readDisconnect(t, r); d.Description != testReason {
		t.Fatalf("disconnect %+v", d)
	}
	c.Close()
	if err := <-errs; err != nil {
		t.Fatalf("Refuse: %v", err)
	}
}

func TestDisconnectPacketFraming(t *testing.T) {
	// Every payload length mod 8, so every padding case, is framed right.
	for n := range 20 {
		reason := strings.Repeat("a", n)
		d := readDisconnect(t, strings.NewReader(string(disconnectPacket(DisconnectTooManyConnections, reason))))
		if d.Description != reason {
			t.Fatalf("reason %q came back as %q", reason, d.Description)
		}
	}
}

func TestCleanReason(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{testReason, testReason},
		{"two\r\nlines\x1b[2J", "two??lines?[2J"},
		{"bad \xff utf8", "bad ? utf8"},
		{"déjà vu", "déjà vu"},
		{strings.Repeat("a", MaxReasonLen+10), strings.Repeat("a", MaxReasonLen)},
		// A two-byte character across the limit is dropped whole.
		{strings.Repeat("a", MaxReasonLen-1) + "é", strings.Repeat("a", MaxReasonLen-1)},
	} {
		if got := cleanReason(tc.in); got != tc.want {
			t.Errorf("cleanReason(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTell: Tell sends our identification and the disconnect at once,
// without waiting for the client's, and then closes its side.
func TestTell(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		if c, err := ln.Accept(); err == nil {
			_ = Tell(c, testReason, time.Second)
		}
	}()
	_, r := dialRaw(t, ln.Addr().String(), "")
	if line, err := r.ReadString('\n'); err != nil || line != ServerVersion+"\r\n" {
		t.Fatalf("identification %q, %v", line, err)
	}
	if d := readDisconnect(t, r); d.Description != testReason {
		t.Errorf("told %q", d.Description)
	}
	if _, err := r.ReadByte(); err != io.EOF {
		t.Errorf("after the disconnect: %v, want the end", err)
	}
}
