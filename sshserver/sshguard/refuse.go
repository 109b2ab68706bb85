package sshguard

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Refusal protocol constants (RFC 4253).
const (
	// ServerVersion is the identification line Refuse sends, without CR LF.
	// It is what golang.org/x/crypto/ssh sends when the server sets no
	// version, so a refused connection looks like an accepted one.
	ServerVersion = "SSH-2.0-Go"

	// DisconnectTooManyConnections is SSH_DISCONNECT_TOO_MANY_CONNECTIONS,
	// the reason code Refuse sends (RFC 4253 section 11.1).
	DisconnectTooManyConnections = 12

	// DisconnectProtocolError is SSH_DISCONNECT_PROTOCOL_ERROR, for a
	// client that broke the protocol (e.g. sent no identification in time).
	DisconnectProtocolError = 2

	// DefaultRefuseTimeout bounds a refusal when Refuse is given no timeout.
	DefaultRefuseTimeout = 5 * time.Second

	// MaxReasonLen is the longest reason Refuse sends, in bytes. OpenSSH
	// prints at most 400 bytes of it.
	MaxReasonLen = 400
)

const (
	msgDisconnect    = 1   // SSH_MSG_DISCONNECT
	maxIdentLine     = 255 // bytes in an identification line, CR LF included (RFC 4253 4.2)
	maxPreIdentLines = 4   // other lines a client may send before its identification
	blockSize        = 8   // cipher block size before key exchange (RFC 4253 6)
	minPadding       = 4
	maxDrain         = 64 << 10               // bytes read from the client after the disconnect
	tellWriteTimeout = 100 * time.Millisecond // Tell's write goes to an empty socket buffer
)

// Refuse refuses c at the SSH level and closes it: it sends our
// identification line, reads the client's, then sends SSH_MSG_DISCONNECT with
// reason SSH_DISCONNECT_TOO_MANY_CONNECTIONS and the sentence reason, which
// the client shows to the person (OpenSSH prints "Received disconnect from
// ...: 12: <reason>"). Call it instead of closing a connection refused before
// the handshake: a bare close only makes OpenSSH say
// "kex_exchange_identification: ...".
//
// reason should be one line of printable ASCII: other characters reach
// OpenSSH's terminal as octal escapes. Control characters and invalid UTF-8
// are replaced with '?', and the reason is cut to MaxReasonLen bytes.
//
// timeout bounds the whole exchange, reading included (zero or less means
// DefaultRefuseTimeout), so Refuse holds the connection at most that long;
// a client that sent nothing by then is sent the disconnect all the same.
// After the disconnect it shuts its side down and reads (and discards) what
// the client still sends until the client closes: closing a socket with
// unread data makes the kernel send a reset, which can destroy the
// disconnect before the client reads it.
//
// The error says why the client could not be told (it sent no SSH
// identification in time, or the connection failed); the connection is
// closed in every case.
func Refuse(c net.Conn, reason string, timeout time.Duration) error {
	defer c.Close()
	if timeout <= 0 {
		timeout = DefaultRefuseTimeout
	}
	if err := c.SetDeadline(time.Now().Add(timeout)); err != nil {
		return fmt.Errorf("refuse: %w", err)
	}
	if _, err := io.WriteString(c, ServerVersion+"\r\n"); err != nil {
		return fmt.Errorf("refuse: send identification: %w", err)
	}
	r := bufio.NewReaderSize(c, maxIdentLine+1)
	if _, err := readIdent(r); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			// A client silent until the deadline is told all the same.
			_ = c.SetWriteDeadline(time.Now().Add(tellWriteTimeout))
			_, _ = c.Write(disconnectPacket(DisconnectTooManyConnections, reason))
		}
		return fmt.Errorf("refuse: %w", err)
	}
	if _, err := c.Write(disconnectPacket(DisconnectTooManyConnections, reason)); err != nil {
		return fmt.Errorf("refuse: send disconnect: %w", err)
	}
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	// Until the client closes, or the deadline: see the doc comment.
	_, _ = io.Copy(io.Discard, io.LimitReader(r, maxDrain))
	return nil
}

// Tell refuses c at once, without waiting for the client: it sends our
// identification line and SSH_MSG_DISCONNECT with the sentence reason (as
// Refuse does) in one write, shuts its side down, and closes c after linger
// (at once when linger is zero or less), so that the client can read them
// before the close resets the connection. It starts no goroutine: use it
// when too many refusals are under way to Refuse each.
func Tell(c net.Conn, reason string, linger time.Duration) error {
	_ = c.SetWriteDeadline(time.Now().Add(tellWriteTimeout))
	pkt := append([]byte(ServerVersion+"\r\n"), disconnectPacket(DisconnectTooManyConnections, reason)...)
	_, err := c.Write(pkt)
	if cw, ok := c.(interface{ CloseWrite() error }); ok && err == nil {
		_ = cw.CloseWrite()
	}
	if linger <= 0 || err != nil {
		_ = c.Close()
	} else {
		time.AfterFunc(linger, func() { _ = c.Close() })
	}
	if err != nil {
		return fmt.Errorf("refuse: send disconnect: %w", err)
	}
	return nil
}

// WriteDisconnect writes SSH_MSG_DISCONNECT with reason code and the
// sentence reason to a connection that has exchanged identification lines
// but not keys (nothing is encrypted yet), such as one whose client is
// slow to send its identification.
func WriteDisconnect(w io.Writer, code uint32, reason string) error {
	_, err := w.Write(disconnectPacket(code, reason))
	return err
}

// errNoIdent is wrapped by the errors of readIdent.
var errNoIdent = errors.New("no SSH-2.0 identification from the client")

// readIdent reads the client's identification line (RFC 4253 4.2), skipping
// at most maxPreIdentLines other lines, each at most maxIdentLine bytes.
func readIdent(r *bufio.Reader) (string, error) {
	for range maxPreIdentLines + 1 {
		line, err := readLine(r)
		if err != nil {
			return "", err
		}
		if !strings.HasPrefix(line, "SSH-") {
			continue
		}
		if !strings.HasPrefix(line, "SSH-2.0-") && !strings.HasPrefix(line, "SSH-1.99-") {
			return "", fmt.Errorf("%w: protocol %q", errNoIdent, line)
		}
		return line, nil
	}
	return "", fmt.Errorf("%w: more than %d other lines", errNoIdent, maxPreIdentLines)
}

// readLine reads one line of at most maxIdentLine bytes, CR LF included, and
// returns it without its line end.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	for len(line) < maxIdentLine {
		b, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = fmt.Errorf("%w: %w", errNoIdent, io.ErrUnexpectedEOF)
			}
			return "", err
		}
		if b == '\n' {
			return string(bytes.TrimSuffix(line, []byte("\r"))), nil
		}
		line = append(line, b)
	}
	return "", fmt.Errorf("%w: line longer than %d bytes", errNoIdent, maxIdentLine)
}

// disconnectPacket is an unencrypted binary packet (RFC 4253 6: no MAC,
// block size 8, at least 4 bytes of padding) carrying SSH_MSG_DISCONNECT
// (RFC 4253 11.1: byte 1, uint32 reason code, string description, string
// language tag).
func disconnectPacket(code uint32, reason string) []byte {
	reason = cleanReason(reason)
	payload := []byte{msgDisconnect}
	payload = binary.BigEndian.AppendUint32(payload, code)
	payload = binary.BigEndian.AppendUint32(payload, uint32(len(reason)))
	payload = append(payload, reason...)
	payload = binary.BigEndian.AppendUint32(payload, 0) // language tag ""

	// uint32 packet_length, byte padding_length, payload, padding: the
	// whole must be a multiple of the block size.
	padding := blockSize - (4+1+len(payload))%blockSize
	if padding < minPadding {
		padding += blockSize
	}
	pkt := binary.BigEndian.AppendUint32(nil, uint32(1+len(payload)+padding))
	pkt = append(pkt, byte(padding))
	pkt = append(pkt, payload...)
	return append(pkt, make([]byte, padding)...) // zero padding: nothing is encrypted
}

// cleanReason replaces control characters and invalid UTF-8 with '?' and
// cuts the result to MaxReasonLen bytes on a character boundary.
func cleanReason(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
	if len(s) <= MaxReasonLen {
		return s
	}
	cut := MaxReasonLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}
