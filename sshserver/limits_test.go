package sshserver

import (
	"bytes"
	"encoding/binary"
	"net"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

func TestIPKey(t *testing.T) {
	for _, c := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 1}, "192.0.2.7"},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:192.0.2.7"), Port: 1}, "192.0.2.7"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:aaaa::1"), Port: 1}, "2001:db8:1:2::/64"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:bbbb::9"), Port: 1}, "2001:db8:1:2::/64"},
		{&net.UnixAddr{Name: "@sock"}, "@sock"},
	} {
		if got := ipKey(c.addr); got != c.want {
			t.Errorf("ipKey(%v) = %q, want %q", c.addr, got, c.want)
		}
	}
}

func ptyPayload(term string, cols, rows uint32) []byte {
	return gossh.Marshal(struct {
		Term             string
		Cols, Rows, W, H uint32
		Modes            string
	}{term, cols, rows, 640, 480, "\x00"})
}

func TestClampPtyPayload(t *testing.T) {
	for _, c := range []struct {
		cols, rows, wantCols, wantRows uint32
	}{
		{80, 24, 80, 24},
		{1000, 1000, 300, 100},
		{1 << 31, 5, 300, 5},
		{0, 0, 80, 24},
	} {
		p := ptyPayload("xterm", c.cols, c.rows)
		orig := bytes.Clone(p)
		out := clampPtyPayload(p, 300, 100)
		if !bytes.Equal(p, orig) {
			t.Error("payload modified in place")
		}
		var got struct {
			Term             string
			Cols, Rows, W, H uint32
			Modes            string
		}
		if err := gossh.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		if got.Term != "xterm" || got.Cols != c.wantCols || got.Rows != c.wantRows || got.Modes != "\x00" {
			t.Errorf("%dx%d: got %+v, want %dx%d", c.cols, c.rows, got, c.wantCols, c.wantRows)
		}
	}
	// Malformed payloads pass unchanged (charm.land/ssh refuses them).
	for _, p := range [][]byte{nil, {0, 0}, {0, 0, 0, 200, 'x'}} {
		if out := clampPtyPayload(p, 300, 100); !bytes.Equal(out, p) {
			t.Errorf("malformed %v changed to %v", p, out)
		}
	}
}

func TestClampWindowPayload(t *testing.T) {
	p := make([]byte, 16)
	binary.BigEndian.PutUint32(p, 5000)
	binary.BigEndian.PutUint32(p[4:], 40)
	out := clampWindowPayload(p, 300, 100)
	if c, r := binary.BigEndian.Uint32(out), binary.BigEndian.Uint32(out[4:]); c != 300 || r != 40 {
		t.Errorf("clamped to %dx%d, want 300x40", c, r)
	}
	if short := []byte{1, 2, 3}; !bytes.Equal(clampWindowPayload(short, 300, 100), short) {
		t.Error("short payload changed")
	}
}

func TestClampSize(t *testing.T) {
	s := &Server{cfg: withDefaults(Config{MaxCols: 200, MaxRows: 50})}
	for _, c := range [][4]int{
		{100, 30, 100, 30}, {201, 51, 200, 50}, {-5, -1, 200, 50}, {0, 0, 80, 24},
	} {
		if w, h := s.clampSize(c[0], c[1]); w != c[2] || h != c[3] {
			t.Errorf("clampSize(%d, %d) = %d, %d; want %d, %d", c[0], c[1], w, h, c[2], c[3])
		}
	}
}

func TestInviteCode(t *testing.T) {
	for _, c := range []struct {
		cmd  []string
		want string
	}{
		{nil, ""},
		{[]string{"ABC123"}, "ABC123"},
		{[]string{"ab\x1b[2Jc", "extra"}, "ab[2Jc"},
		{[]string{strings.Repeat("é", 40)}, strings.Repeat("é", maxInviteLen)},
	} {
		if got := inviteCode(c.cmd); got != c.want {
			t.Errorf("inviteCode(%q) = %q, want %q", c.cmd, got, c.want)
		}
	}
}
