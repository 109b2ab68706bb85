// Command arcadeload measures what idle sessions cost an arcade server: it
// opens many real SSH sessions with a PTY, waits for each first frame, lets
// them sit idle, and reads the server's memory and CPU from /proc.
//
//	go run ./cmd/arcade &                      # the server under test
//	go run ./cmd/arcadeload -n 300 -pid $(pgrep -n arcade)
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:2222", "server address")
	n := flag.Int("n", 200, "number of sessions")
	pid := flag.Int("pid", 0, "server process id, to read its memory and CPU (0: skip)")
	idle := flag.Duration("idle", 10*time.Second, "how long to measure the idle sessions")
	ips := flag.Int("ips", 32, "spread connections over this many loopback addresses (127.0.0.x), to stay under the per-IP cap")
	flag.Parse()
	if *n <= 0 || *ips <= 0 || *ips > 250 {
		fmt.Fprintln(os.Stderr, "arcadeload: -n must be > 0 and -ips within 1..250")
		os.Exit(2)
	}

	rss0, _ := readProc(*pid)
	var (
		mu          sync.Mutex
		handshakes  []time.Duration
		firstFrames []time.Duration
		failures    atomic.Int64
		clients     []*ssh.Client
		wg          sync.WaitGroup
	)
	sem := make(chan struct{}, 16)
	for i := 0; i < *n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			hs, ff, c, err := open(*addr, i, *ips)
			if err != nil {
				failures.Add(1)
				fmt.Fprintln(os.Stderr, "session", i, ":", err)
				return
			}
			mu.Lock()
			handshakes = append(handshakes, hs)
			firstFrames = append(firstFrames, ff)
			clients = append(clients, c)
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	_, cpu1 := readProc(*pid)
	time.Sleep(*idle)
	rss2, cpu2 := readProc(*pid)

	ok := len(clients)
	fmt.Printf("sessions: %d open, %d failed\n", ok, failures.Load())
	fmt.Printf("handshake: p50 %v  p99 %v\n", pct(handshakes, 50), pct(handshakes, 99))
	fmt.Printf("first frame: p50 %v  p99 %v\n", pct(firstFrames, 50), pct(firstFrames, 99))
	if *pid > 0 && ok > 0 {
		fmt.Printf("server RSS: %.1f MiB before, %.1f MiB with %d sessions: %.1f KiB per session\n",
			mib(rss0), mib(rss2), ok, float64(rss2-rss0)/1024/float64(ok))
		ticks := float64(cpu2 - cpu1) // clock ticks (1/100 s) while idle
		fmt.Printf("server CPU while idle for %v: %.2f%% of one core (%.4f ms per session per second)\n",
			*idle, ticks/idle.Seconds(), ticks*10/idle.Seconds()/float64(ok))
	}
	for _, c := range clients {
		c.Close()
	}
}

// open starts one session from loopback address 127.0.0.(2+i%ips) and waits
// for the first bytes of its screen.
func open(addr string, i, ips int) (time.Duration, time.Duration, *ssh.Client, error) {
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%ips))}
	d := net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}
	start := time.Now()
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return 0, 0, nil, err
	}
	cfg := &ssh.ClientConfig{
		User: fmt.Sprintf("load%d", i),
		Auth: []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	}
	cc, chans, reqs, err := ssh.NewClientConn(conn, addr, cfg)
	if err != nil {
		conn.Close()
		return 0, 0, nil, err
	}
	c := ssh.NewClient(cc, chans, reqs)
	hs := time.Since(start)
	s, err := c.NewSession()
	if err != nil {
		c.Close()
		return 0, 0, nil, err
	}
	if err := s.RequestPty("xterm-256color", 24, 80, ssh.TerminalModes{}); err != nil {
		c.Close()
		return 0, 0, nil, err
	}
	out, err := s.StdoutPipe()
	if err != nil {
		c.Close()
		return 0, 0, nil, err
	}
	if err := s.Shell(); err != nil {
		c.Close()
		return 0, 0, nil, err
	}
	first := make(chan struct{})
	go func() {
		buf := make([]byte, 4096)
		once := false
		for {
			n, err := out.Read(buf)
			if n > 0 && !once {
				once = true
				close(first)
			}
			if err != nil {
				if err != io.EOF && !once {
					close(first)
				}
				return
			}
		}
	}()
	select {
	case <-first:
	case <-time.After(15 * time.Second):
		c.Close()
		return 0, 0, nil, fmt.Errorf("no first frame")
	}
	return hs, time.Since(start), c, nil
}

// readProc returns a process's resident memory in bytes and its CPU time in
// clock ticks (0, 0 when pid is 0 or unreadable).
func readProc(pid int) (rss int64, ticks int64) {
	if pid <= 0 {
		return 0, 0
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmRSS:") {
				f := strings.Fields(l)
				if len(f) >= 2 {
					kb, _ := strconv.ParseInt(f[1], 10, 64)
					rss = kb * 1024
				}
			}
		}
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		s := string(b)
		if i := strings.LastIndexByte(s, ')'); i > 0 {
			f := strings.Fields(s[i+1:])
			if len(f) > 13 {
				u, _ := strconv.ParseInt(f[11], 10, 64)
				st, _ := strconv.ParseInt(f[12], 10, 64)
				ticks = u + st
			}
		}
	}
	return rss, ticks
}

func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)].Round(time.Millisecond)
}

func mib(b int64) float64 { return float64(b) / 1024 / 1024 }
