package webhook

import (
	"strings"
	"testing"
)

func TestValidateURL(t *testing.T) {
	const (
		scheme  = "The address must start with https:// or http://."
		private = "The address leads to this server or to a private network, which this server does not allow."
	)
	for _, c := range []struct {
		raw          string
		allowPrivate bool
		want         string // "" for valid; else the start of the error
	}{
		{"https://discord.com/api/webhooks/1/abc", false, ""},
		{"http://hooks.example:8080/x?token=1", false, ""},
		{"https://gotify.example/message?token=AbC", false, ""},
		{"https://ntfy.sh/mytopic?tpl=1&t={{.title}}&m={{.message}}", false, ""},
		{"https://8.8.8.8/hook", false, ""},
		{"https://[2001:4860:4860::8888]/hook", false, ""},
		{"", false, scheme},
		{"discord.com/api/webhooks/1/abc", false, scheme},
		{"ftp://example.com/x", false, scheme},
		{"javascript:alert(1)", false, scheme},
		{"https://", false, "The address needs a host name"},
		{"https:///path", false, "The address needs a host name"},
		{"https://user:pw@example.com/", false, "The address must not carry a user name or password"},
		{"https://user@example.com/", false, "The address must not carry a user name or password"},
		{"https://exa mple.com/", false, "The address is not a valid web address."},
		{"https://example.com/" + strings.Repeat("a", MaxURL), false, "The address is too long: at most 512 characters."},
		{"http://localhost:8080/", false, private},
		{"http://LocalHost./", false, private},
		{"http://app.localhost/", false, private},
		{"http://127.0.0.1/", false, private},
		{"http://10.1.2.3/", false, private},
		{"http://172.16.0.1/", false, private},
		{"http://192.168.1.1/", false, private},
		{"http://169.254.169.254/latest/meta-data", false, private},
		{"http://100.64.0.1/", false, private},
		{"http://0.0.0.0/", false, private},
		{"http://224.0.0.1/", false, private},
		{"http://[::1]/", false, private},
		{"http://[::ffff:127.0.0.1]/", false, private},
		{"http://[fd00::1]/", false, private},
		{"http://[fe80::1]/", false, private},
		{"http://[::]/", false, private},
		{"http://localhost:8080/", true, ""},
		{"http://192.168.1.1/", true, ""},
	} {
		err := ValidateURL(c.raw, c.allowPrivate)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("ValidateURL(%q, %v) = %v, want nil", c.raw, c.allowPrivate, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("ValidateURL(%q, %v) = %v, want %q", c.raw, c.allowPrivate, err, c.want)
		}
	}
}

// A host name passes ValidateURL whatever it resolves to; the Notifier
// refuses it when connecting if it resolves to a private address.
func TestPrivateRefusedWhenConnecting(t *testing.T) {
	h := newHook(t, status(200))
	cfg := testConfig()
	cfg.AllowPrivate = false
	nt := newTestNotifier(t, cfg)
	for _, host := range []string{"localhost", "127.0.0.1"} {
		u := mustParse(t, strings.Replace(h.srv.URL, "127.0.0.1", host, 1))
		err := nt.post(u, notice.payload())
		if err == nil || err.Error() != errPrivate.Error() {
			t.Errorf("a POST to %s: %v, want %q", u, err, errPrivate)
		}
	}
	if h.hits() != 0 {
		t.Fatalf("the private endpoint got %d POSTs", h.hits())
	}

	cfg.AllowPrivate = true
	if err := newTestNotifier(t, cfg).post(mustParse(t, h.srv.URL), notice.payload()); err != nil || h.hits() != 1 {
		t.Fatalf("with private addresses allowed: %v, %d POSTs", err, h.hits())
	}
}
