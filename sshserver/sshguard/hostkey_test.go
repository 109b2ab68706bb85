package sshguard

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"
)

func mode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func sameKey(a, b gossh.PublicKey) bool { return bytes.Equal(a.Marshal(), b.Marshal()) }

func TestLoadOrCreateHostKeyCreates(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "deeper")
	path := filepath.Join(dir, "host_ed25519")
	signer, created, err := LoadOrCreateHostKey(path)
	if err != nil || !created {
		t.Fatalf("first run: created %v, %v", created, err)
	}
	if got := signer.PublicKey().Type(); got != gossh.KeyAlgoED25519 {
		t.Errorf("key type %s, want ed25519", got)
	}
	if checkModes {
		if m := mode(t, path); m != 0o600 {
			t.Errorf("key file mode %04o, want 0600", m)
		}
		if m := mode(t, dir); m != 0o700 {
			t.Errorf("new directory mode %04o, want 0700", m)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if block, _ := pem.Decode(data); block == nil || block.Type != "OPENSSH PRIVATE KEY" {
		t.Fatalf("key file is not an OpenSSH PEM key:\n%s", data)
	}
	// Nothing else is left in the directory (no temporary file).
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the key", len(entries))
	}

	// Second run: the same key, untouched.
	again, created, err := LoadOrCreateHostKey(path)
	if err != nil || created {
		t.Fatalf("second run: created %v, %v", created, err)
	}
	if !sameKey(signer.PublicKey(), again.PublicKey()) {
		t.Fatal("second run loaded another key")
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Fatal("second run rewrote the key file")
	}
}

// TestLoadsWishKey: the key today's server generated with
// wish.WithHostKeyPath loads unchanged, and is the key Wish itself serves.
func TestLoadsWishKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "host_ed25519")
	var srv ssh.Server
	if err := srv.SetOption(wish.WithHostKeyPath(path)); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	signer, created, err := LoadOrCreateHostKey(path)
	if err != nil || created {
		t.Fatalf("created %v, %v", created, err)
	}
	if !sameKey(signer.PublicKey(), srv.HostSigners[0].PublicKey()) {
		t.Fatal("loaded another key than Wish serves")
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Fatal("key file changed")
	}
}

// TestLoadsHandMadeKey: an ed25519 key in the format Wish's keygen writes
// (ssh.MarshalPrivateKey, no comment, mode 0600).
func TestLoadsHandMadeKey(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "host_ed25519")
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	signer, created, err := LoadOrCreateHostKey(path)
	if err != nil || created {
		t.Fatalf("created %v, %v", created, err)
	}
	want, _ := gossh.NewPublicKey(priv.Public())
	if !sameKey(signer.PublicKey(), want) {
		t.Fatal("loaded another key")
	}
}

func TestLoadOrCreateHostKeyRefuses(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	block, _ := gossh.MarshalPrivateKey(priv, "")
	good := pem.EncodeToMemory(block)
	for _, tc := range []struct {
		name  string
		data  []byte
		perm  fs.FileMode
		wants []string // in the error, after the path
	}{
		{"garbage", []byte("not a key\n"), 0o600, []string{"ssh: no key found", "move it away to generate a new one"}},
		{"empty", nil, 0o600, []string{"ssh: no key found", "move it away"}},
		{"truncated", good[:len(good)/2], 0o600, []string{"move it away"}},
		{"world-readable", good, 0o644, []string{"has permissions 0644", "readable by its owner only", "chmod 600 "}},
		{"group-readable", good, 0o640, []string{"has permissions 0640", "chmod 600 "}},
		{"others-writable", good, 0o602, []string{"has permissions 0602", "chmod 600 "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !checkModes && tc.perm != 0o600 {
				t.Skip("no Unix modes here")
			}
			path := filepath.Join(t.TempDir(), "host_ed25519")
			if err := os.WriteFile(path, tc.data, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tc.perm); err != nil {
				t.Fatal(err)
			}
			_, created, err := LoadOrCreateHostKey(path)
			if err == nil || created {
				t.Fatalf("created %v, err %v; want a refusal", created, err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "host key "+path) {
				t.Errorf("error %q does not start with the file's name", msg)
			}
			for _, w := range tc.wants {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
			if strings.Contains(msg, "chmod") && !strings.HasSuffix(msg, "chmod 600 "+path+")") {
				t.Errorf("error %q: the fix should name the file", msg)
			}
			// Never overwritten, never chmodded.
			if after, _ := os.ReadFile(path); !bytes.Equal(after, tc.data) {
				t.Error("file changed")
			}
			if m := mode(t, path); m != tc.perm {
				t.Errorf("mode changed to %04o", m)
			}
		})
	}
}

func TestLoadOrCreateHostKeyNotAFile(t *testing.T) {
	path := t.TempDir()
	if _, _, err := LoadOrCreateHostKey(path); err == nil || !strings.Contains(err.Error(), path+" is not a regular file") {
		t.Fatalf("directory as key: %v", err)
	}
}

func TestLoadOrCreateHostKeyConcurrent(t *testing.T) {
	// Several servers starting at once on a new data directory all end up
	// with the one key on disk, and exactly one of them made it.
	path := filepath.Join(t.TempDir(), "host_ed25519")
	const n = 8
	var wg sync.WaitGroup
	keys := make([]gossh.Signer, n)
	made := make([]bool, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { keys[i], made[i], errs[i] = LoadOrCreateHostKey(path) })
	}
	wg.Wait()
	creators := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("caller %d: %v", i, errs[i])
		}
		if made[i] {
			creators++
		}
		if !sameKey(keys[i].PublicKey(), keys[0].PublicKey()) {
			t.Fatalf("caller %d got another key", i)
		}
	}
	if creators != 1 {
		t.Fatalf("%d callers report creating the key, want 1", creators)
	}
	onDisk, _, err := LoadOrCreateHostKey(path)
	if err != nil || !sameKey(onDisk.PublicKey(), keys[0].PublicKey()) {
		t.Fatalf("the key on disk is not the one handed out (%v)", err)
	}
}

func TestCheckDataDir(t *testing.T) {
	root := t.TempDir()
	if err := CheckDataDir(filepath.Join(root, "missing")); err != nil {
		t.Errorf("missing directory: %v", err)
	}
	file := filepath.Join(root, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckDataDir(file); err == nil || !strings.Contains(err.Error(), file+" is not a directory") {
		t.Errorf("file: %v", err)
	}
	if !checkModes {
		return
	}
	for _, tc := range []struct {
		perm fs.FileMode
		ok   bool
	}{
		{0o700, true},
		{0o750, true},
		{0o755, true},
		{0o770, false},
		{0o775, false},
		{0o757, false},
		{0o777, false},
		{0o777 | fs.ModeSticky, false}, // sticky, like /tmp: others may still create the key first
	} {
		dir := filepath.Join(root, "d"+tc.perm.String())
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, tc.perm); err != nil {
			t.Fatal(err)
		}
		err := CheckDataDir(dir)
		if tc.ok {
			if err != nil {
				t.Errorf("mode %04o: %v", tc.perm, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("mode %04o: accepted", tc.perm)
			continue
		}
		msg := err.Error()
		for _, w := range []string{"data directory " + dir + " has permissions", "(chmod go-w " + dir + ")"} {
			if !strings.Contains(msg, w) {
				t.Errorf("mode %04o: error %q lacks %q", tc.perm, msg, w)
			}
		}
	}
}
