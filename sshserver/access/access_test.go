package access

import (
	"crypto/ed25519"
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func newKey(t *testing.T) gossh.PublicKey {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func line(k gossh.PublicKey, rest string) string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k))) + rest + "\n"
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestKeyFile reads OpenSSH's format (options, comments, blank lines),
// names keys by their comment, reloads on change at most once a second, and
// keeps the last good list when the file goes bad.
func TestKeyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "authorized_keys")
	ann, bob, cat := newKey(t), newKey(t), newKey(t)
	write(t, path, "# team\n\n"+line(ann, " Ann Lee")+`from="10.0.0.0/8",no-pty `+line(bob, ""))
	f, err := OpenKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	f.now = func() time.Time { return now }
	var reloads []string
	f.OnReload = func(n int, err error) {
		reloads = append(reloads, strings.TrimSpace(strings.Repeat("x", n)+" "+errText(err)))
	}
	if name, ok := f.Lookup(gossh.FingerprintSHA256(ann)); !ok || name != "Ann Lee" {
		t.Errorf("ann: %q %v", name, ok)
	}
	if name, ok := f.Lookup(gossh.FingerprintSHA256(bob)); !ok || name != "" {
		t.Errorf("bob (with options, no comment): %q %v", name, ok)
	}
	if _, ok := f.Lookup(gossh.FingerprintSHA256(cat)); ok {
		t.Error("cat is not on the list")
	}

	write(t, path, line(cat, " Cat"))
	if _, ok := f.Lookup(gossh.FingerprintSHA256(cat)); ok {
		t.Error("re-read within a second of the last look")
	}
	now = now.Add(2 * time.Second)
	if _, ok := f.Lookup(gossh.FingerprintSHA256(cat)); !ok || f.Len() != 1 {
		t.Error("the changed file was not re-read")
	}

	write(t, path, line(cat, " Cat")+"ssh-ed25519 not-base64 oops\n")
	now = now.Add(2 * time.Second)
	if _, ok := f.Lookup(gossh.FingerprintSHA256(cat)); !ok {
		t.Error("a bad file threw the good list away")
	}
	now = now.Add(2 * time.Second)
	f.Lookup("x") // the same error is reported once
	if len(reloads) != 2 || reloads[0] != "x" || !strings.Contains(reloads[1], "line 2") {
		t.Errorf("reloads reported: %q", reloads)
	}
	if _, err := OpenKeyFile(path); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a bad file at start: %v", err)
	}
	if _, err := OpenKeyFile(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing file opened")
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestParseKey(t *testing.T) {
	k := newKey(t)
	fp := gossh.FingerprintSHA256(k)
	for _, in := range []string{fp, "key:" + fp, line(k, " someone")} {
		if got, err := ParseKey(in); err != nil || got != fp {
			t.Errorf("ParseKey(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "SHA256:", "ann", "ssh-ed25519 AAAA"} {
		if _, err := ParseKey(in); err == nil {
			t.Errorf("ParseKey(%q) took it", in)
		}
	}
}

// TestBansPersist: bans are written on every change and read back by the
// next OpenBans; a corrupt file is an error naming it.
func TestBansPersist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bans.json")
	b, err := OpenBans(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(Ban{Key: "SHA256:abc", By: "boss", Reason: "spam"}); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(Ban{Addr: "192.0.2.7", By: "boss"}); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(Ban{By: "boss"}); err == nil {
		t.Error("a ban of nothing")
	}
	again, err := OpenBans(path)
	if err != nil {
		t.Fatal(err)
	}
	if ban, ok := again.Banned("SHA256:abc", "198.51.100.1"); !ok || ban.Reason != "spam" {
		t.Errorf("key ban lost: %+v %v", ban, ok)
	}
	if _, ok := again.Banned("SHA256:other", "192.0.2.7"); !ok {
		t.Error("address ban lost")
	}
	if ok, err := again.Remove("192.0.2.7"); !ok || err != nil {
		t.Fatalf("remove: %v %v", ok, err)
	}
	third, _ := OpenBans(path)
	if _, ok := third.Banned("", "192.0.2.7"); ok || len(third.List()) != 1 {
		t.Errorf("after unban: %+v", third.List())
	}
	write(t, path, "{not json")
	if _, err := OpenBans(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a corrupt ban list: %v", err)
	}
}

func TestGate(t *testing.T) {
	dir := t.TempDir()
	admin, member, stranger := newKey(t), newKey(t), newKey(t)
	write(t, filepath.Join(dir, "admins"), line(admin, " boss"))
	write(t, filepath.Join(dir, "team"), line(member, " Mo"))
	admins, _ := OpenKeyFile(filepath.Join(dir, "admins"))
	team, _ := OpenKeyFile(filepath.Join(dir, "team"))
	bans, _ := OpenBans(filepath.Join(dir, "bans.json"))
	_ = bans.Add(Ban{Addr: "192.0.2.9", By: "boss"})
	fp := gossh.FingerprintSHA256

	open := &Gate{Bans: bans}
	if v := open.Key(fp(stranger), "192.0.2.1"); !v.Admit || v.Listed {
		t.Errorf("an open server refused a key: %+v", v)
	}
	if v := open.Guest("", "192.0.2.1"); !v.Admit {
		t.Errorf("an open server refused a guest: %+v", v)
	}
	if v := open.Addr("192.0.2.9"); v.Admit || v.Reason != ReasonBanned {
		t.Errorf("a banned address: %+v", v)
	}

	private := &Gate{Allowed: team, Admins: admins, Bans: bans}
	if v := private.Key(fp(member), "192.0.2.1"); !v.Admit || !v.Listed || v.Name != "Mo" {
		t.Errorf("a member: %+v", v)
	}
	if v := private.Key(fp(admin), "192.0.2.9"); !v.Admit || !v.Admin {
		t.Errorf("an admin (never banned): %+v", v)
	}
	if v := private.Key(fp(stranger), "192.0.2.1"); v.Admit || !strings.Contains(v.Refusal, fp(stranger)) {
		t.Errorf("a stranger: %+v", v)
	}
	if v := private.Guest(fp(stranger), "192.0.2.1"); v.Admit || !strings.Contains(v.Refusal, fp(stranger)) {
		t.Errorf("a stranger falling back to a guest login is told about the key: %+v", v)
	}
	if v := (&Gate{NoGuests: true}).Guest("", "192.0.2.1"); v.Admit || v.Reason != ReasonNoGuests {
		t.Errorf("no guests: %+v", v)
	}
}

// TestGateKeyNames: the names the two lists give their keys, an admins'
// line first and keys without one left out, and a version that changes
// when either file is re-read.
func TestGateKeyNames(t *testing.T) {
	dir := t.TempDir()
	allowPath, adminPath := filepath.Join(dir, "allowed"), filepath.Join(dir, "admins")
	ann, bob, root := newKey(t), newKey(t), newKey(t)
	write(t, allowPath, line(ann, " Ann Lee")+line(bob, ""))
	write(t, adminPath, line(ann, " Annie")+line(root, " Root"))
	allowed, err := OpenKeyFile(allowPath)
	if err != nil {
		t.Fatal(err)
	}
	admins, err := OpenKeyFile(adminPath)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	allowed.now = func() time.Time { return now }
	g := &Gate{Allowed: allowed, Admins: admins}
	fp := gossh.FingerprintSHA256
	names, version := g.KeyNames(), g.KeyNamesVersion()
	if len(names) != 2 || names[fp(ann)] != "Annie" || names[fp(root)] != "Root" {
		t.Errorf("KeyNames = %v", names)
	}
	write(t, allowPath, line(bob, " Bob"))
	now = now.Add(2 * time.Second)
	if g.KeyNamesVersion() == version {
		t.Error("the version did not change when the allow list was re-read")
	}
	if names := g.KeyNames(); len(names) != 3 || names[fp(bob)] != "Bob" {
		t.Errorf("KeyNames after the re-read = %v", names)
	}
	if (&Gate{}).KeyNamesVersion() != 0 || len((&Gate{}).KeyNames()) != 0 {
		t.Error("a Gate without lists has names")
	}
}
