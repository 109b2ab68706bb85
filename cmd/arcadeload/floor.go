package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"
)

// runFloor is the floor subcommand: a bare Wish server that shows one
// frame per session and discards input, until SIGINT or SIGTERM.
func runFloor(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("arcadeload floor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:2223", "`address` to listen on")
	data := fs.String("data", "", "`directory` for the host key (floor_host_ed25519); required")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *data == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: arcadeload floor -listen ADDR -data DIR")
		return 2
	}
	if err := os.MkdirAll(*data, 0o700); err != nil {
		fmt.Fprintln(stderr, "arcadeload floor:", err)
		return 1
	}
	srv, err := wish.NewServer(
		wish.WithAddress(*listen),
		wish.WithHostKeyPath(filepath.Join(*data, "floor_host_ed25519")),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
		ssh.EmulatePty(),
		wish.WithMiddleware(func(ssh.Handler) ssh.Handler { return floorSession }),
	)
	if err != nil {
		fmt.Fprintln(stderr, "arcadeload floor:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServe() }()
	fmt.Fprintf(stderr, "arcadeload floor: listening on %s, pid %d\n", *listen, os.Getpid())
	select {
	case err := <-served:
		fmt.Fprintln(stderr, "arcadeload floor:", err)
		return 1
	case <-ctx.Done():
		_ = srv.Close()
		return 0
	}
}

// floorSession writes one frame for the session's PTY size, then reads and
// discards input until the session ends.
func floorSession(s ssh.Session) {
	w, h := 80, 24
	if pty, _, ok := s.Pty(); ok {
		w, h = min(max(pty.Window.Width, 20), 300), min(max(pty.Window.Height, 8), 100)
	}
	_, _ = io.WriteString(s, floorFrame(w, h))
	buf := make([]byte, 256)
	for {
		if _, err := s.Read(buf); err != nil {
			return
		}
	}
}

// floorFrame is a lobby-like screen of w×h: a title bar, two columns of
// rows, a status and a help line, each line placed with CUP and styled with
// SGR colours, in the alternate screen with the cursor hidden.
func floorFrame(w, h int) string {
	var b strings.Builder
	b.WriteString("\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J")
	line := func(row int, sgr, text string) {
		if r := []rune(text); len(r) > w {
			text = string(r[:w])
		}
		fmt.Fprintf(&b, "\x1b[%d;1H\x1b[%sm%s\x1b[m\x1b[K", row, sgr, text)
	}
	half := w / 2
	col := func(left, right string) string {
		return fmt.Sprintf("%-*s %s", half-1, left, right)
	}
	line(1, "1;38;5;230;48;5;62", fmt.Sprintf("%-*s", w, " THE ARCADE · board games over SSH"))
	line(3, "1;38;5;213", col("GAMES", "OPEN TABLES"))
	games := []string{"Fire in the Library   1-6", "Fire Tower            2-4", "Library Labyrinth     1-5"}
	for i := 0; 4+i < h-2; i++ {
		left, right := "", fmt.Sprintf("table %-3d Fire Tower  %d/4 waiting  player%d", i+1, i%4, i)
		if i < len(games) {
			left = games[i]
		}
		sgr := "38;5;252"
		if i == 0 {
			sgr = "1;38;5;16;48;5;213"
		}
		line(4+i, sgr, col("› "+left, right))
	}
	line(h-1, "38;5;114", "Welcome! Choose a game, or a table to join.")
	line(h, "2;38;5;245", "enter open/join · c new table · b play vs bots · i invite code · w watch · ? help · q quit")
	return b.String()
}
