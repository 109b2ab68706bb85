package main

import "testing"

// TestConnectCommand: the server's first log line is the ssh command to
// paste.
func TestConnectCommand(t *testing.T) {
	for _, tc := range []struct{ listen, public, want string }{
		{":2222", "", "ssh -p 2222 localhost"},
		{"127.0.0.1:2222", "", "ssh -p 2222 localhost"},
		{"0.0.0.0:22", "", "ssh localhost"},
		{"10.0.0.5:2299", "", "ssh -p 2299 10.0.0.5"},
		{":2222", "games.example.com", "ssh games.example.com"},
		{":2222", "games.example.com:2222", "ssh -p 2222 games.example.com"},
	} {
		if got := connectCommand(tc.listen, tc.public); got != tc.want {
			t.Errorf("connectCommand(%q, %q) = %q, want %q", tc.listen, tc.public, got, tc.want)
		}
	}
}
