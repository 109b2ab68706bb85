package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver/sshguard"
)

// runAsNobody runs arcade with args as the user nobody, in a process of its
// own when the test runs as root (for whom file modes do not hold), and
// returns its exit code, stdout and stderr.
func runAsNobody(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return runOut(t, args...)
	}
	// The test binary's own directory is root's alone: nobody runs a copy.
	bin := filepath.Join(sharedDir(t, 0o755), "arcade.test")
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(bin, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err == nil {
		_, err = io.Copy(dst, src)
		if cerr := dst.Close(); err == nil {
			err = cerr
		}
	}
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	list, _ := json.Marshal(args)
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), serverArgsVar+"="+string(list))
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errb.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// sharedDir is a new directory with mode perm that other users may reach
// (t.TempDir's parent is its owner's alone).
func sharedDir(t *testing.T, perm os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "arcade-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.Chmod(dir, 0o755)
		os.RemoveAll(dir)
	})
	if err := os.Chmod(dir, perm); err != nil {
		t.Fatal(err)
	}
	return dir
}

// hostKeyOf is the host key the SSH server at addr presents.
func hostKeyOf(t *testing.T, addr string) string {
	t.Helper()
	var got gossh.PublicKey
	_, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "probe", Timeout: 10 * time.Second,
		HostKeyCallback: func(_ string, _ net.Addr, key gossh.PublicKey) error {
			got = key
			return errors.New("seen enough")
		}})
	if got == nil {
		t.Fatalf("no host key from %s: %v", addr, err)
	}
	return gossh.FingerprintSHA256(got)
}

// TestReadOnlyCommands: history, export and backup read the database while
// a server runs on it; with the server stopped they read it from a data
// directory nobody may write (0555, the database 0444) as a user who may
// only read, and change nothing there. The backup holds the host key too,
// and a server restored from it presents the same key.
func TestReadOnlyCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	data := filepath.Join(sharedDir(t, 0o755), "data")
	num := dataWithGame(t, data)
	if _, _, err := sshguard.LoadOrCreateHostKey(filepath.Join(data, hostKeyName)); err != nil {
		t.Fatal(err)
	}
	srv := startChild(t, data)
	key := hostKeyOf(t, srv.addr)
	out := sharedDir(t, 0o777)
	if code, got, errs := runOut(t, "history", "-data", data, "key:anna"); code != 0 || !strings.Contains(got, "fireproto") {
		t.Fatalf("history while the server runs: exit %d\n%s%s", code, got, errs)
	}
	if code, _, errs := runOut(t, "backup", "-data", data, filepath.Join(out, "live.db")); code != 0 {
		t.Fatalf("backup while the server runs: exit %d: %s", code, errs)
	}
	srv.stop(t, syscall.SIGTERM)

	// The server's user (nobody here) may read its files but not write the
	// directory, nor the database.
	for _, f := range []struct {
		name string
		mode os.FileMode
	}{{dbName, 0o444}, {hostKeyName, 0o600}, {".", 0o555}} {
		p := filepath.Join(data, f.name)
		if err := os.Chown(p, 65534, 65534); err != nil && os.Geteuid() == 0 {
			t.Fatal(err)
		}
		if err := os.Chmod(p, f.mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chown(data, 0, 0); err != nil && os.Geteuid() == 0 {
		t.Fatal(err)
	}
	before := dirState(t, data)
	if code, got, errs := runAsNobody(t, "history", "-data", data, "key:anna"); code != 0 || !strings.Contains(got, "Easy bot (easy bot)") {
		t.Fatalf("history from a read-only data directory: exit %d\n%s%s", code, got, errs)
	}
	exported := filepath.Join(out, "game.json")
	if code, _, errs := runAsNobody(t, "export", "-data", data, num, exported); code != 0 {
		t.Fatalf("export from a read-only data directory: exit %d: %s", code, errs)
	}
	copyDB := filepath.Join(out, "copy.db")
	code, said, errs := runAsNobody(t, "backup", "-data", data, copyDB)
	if code != 0 || !strings.Contains(said, copyDB+".host_ed25519") {
		t.Fatalf("backup from a read-only data directory: exit %d\n%s%s", code, said, errs)
	}
	t.Log(strings.TrimSpace(said))
	if after := dirState(t, data); !slices.Equal(after, before) {
		t.Errorf("the data directory was\n%v\nand is\n%v", before, after)
	}
	if code, _, errs := runAsNobody(t, "backup", "-data", data, copyDB); code != 1 || !strings.Contains(errs, "exists") {
		t.Errorf("a second backup to the same name: exit %d: %s", code, errs)
	}
	keyCopy := copyDB + ".host_ed25519"
	if fi, err := os.Stat(keyCopy); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the host key's copy: %v, %v", fi, err)
	}

	// Restored as the README says, the server greets with the same key.
	restored := mkdir(t, filepath.Join(t.TempDir(), "restored"))
	for from, to := range map[string]string{copyDB: dbName, keyCopy: hostKeyName} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(restored, to), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	again := startChild(t, restored)
	if got := hostKeyOf(t, again.addr); got != key {
		t.Errorf("the restored server's host key is %s, not %s", got, key)
	}
	again.stop(t, syscall.SIGTERM)
	if code, got, errs := runOut(t, "history", "-data", restored, "key:anna"); code != 0 || !strings.Contains(got, "fireproto") {
		t.Fatalf("history of the restored server: exit %d\n%s%s", code, got, errs)
	}
}

// dirState lists a directory's files with their sizes, modes and times.
func dirState(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %d %v %s", e.Name(), fi.Size(), fi.Mode(), fi.ModTime()))
	}
	return out
}
