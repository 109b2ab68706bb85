package rooms

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
)

// codeAlphabet has no O, 0, I or 1, so a code read aloud or off a screen
// cannot be mistyped that way. 32 symbols: a random byte mod 32 is unbiased.
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// CodeLen is the length of an invite code.
const CodeLen = 6

// randomCode draws a fresh invite code from crypto/rand.
func randomCode() string {
	var b [CodeLen]byte
	rand.Read(b[:]) // never fails (Go 1.24+)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b[:])
}

// NormalizeCode turns what a player typed into an invite code: letters are
// upper-cased, spaces and dashes dropped. ok is false when the result is not
// CodeLen symbols of the code alphabet.
func NormalizeCode(s string) (code string, ok bool) {
	if len(s) > 64 {
		return "", false
	}
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == ' ' || r == '-' || r == '\t' || r == '_':
			continue
		case strings.ContainsRune(codeAlphabet, r):
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	if b.Len() != CodeLen {
		return "", false
	}
	return b.String(), true
}

// codeError explains a code that matched no table, quoting it only when it
// is safe to print.
func codeError(typed string) error {
	code, ok := NormalizeCode(typed)
	if !ok {
		return ErrBadCode
	}
	return &detailError{
		msg:  fmt.Sprintf("No table has the code %s. Codes are 6 letters and digits, e.g. K7MQ2X.", code),
		kind: ErrUnknownCode,
	}
}

// randomSeed draws a game seed from crypto/rand.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// randomGuestID makes the ID of a keyless guest.
func randomGuestID() string {
	var b [12]byte
	rand.Read(b[:])
	return "guest:" + hex.EncodeToString(b[:])
}
