package webhook

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

const (
	maxTries  = 3                  // posts of a queued notice at most
	maxAnswer = 4 << 10            // bytes of an answer read before closing it
	userAgent = "arcade-webhook/1" // the User-Agent of every POST
)

// tryError is a failed try: a sentence for the player, and whether a later
// try may succeed.
type tryError struct {
	msg   string
	retry bool
	after time.Duration // the server's Retry-After; 0 when it gave none
}

func (e *tryError) Error() string { return e.msg }

// deliver posts j's notice, up to tries times while the failure may pass.
func (nt *Notifier) deliver(j job, tries int) error {
	body := j.notice.payload()
	for try := 1; ; try++ {
		err := nt.post(j.target, body)
		var te *tryError
		if err == nil || try >= tries || !errors.As(err, &te) || !te.retry {
			return err
		}
		wait := te.after
		if wait == 0 {
			wait = nt.backoff(try)
		}
		if wait > nt.cfg.MaxWait {
			return err
		}
		if !nt.sleep(wait) {
			return errClosed
		}
	}
}

// backoff is the wait after the try-th failure: Config.Backoff doubled at
// each try, with jitter (between half and all of it), at most MaxWait.
func (nt *Notifier) backoff(try int) time.Duration {
	d := nt.cfg.Backoff << (try - 1)
	return min(d/2+rand.N(d/2+1), nt.cfg.MaxWait)
}

// sleep waits d, or less when Close is called; it reports whether it
// waited all of d.
func (nt *Notifier) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-nt.ctx.Done():
		return false
	}
}

// post makes one try: a POST of body to u within Config.Timeout.
func (nt *Notifier) post(u *url.URL, body []byte) error {
	ctx, cancel := context.WithTimeout(nt.ctx, nt.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return &tryError{msg: "The address is not a valid web address."}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	resp, err := nt.client.Do(req)
	if err != nil {
		return nt.netError(u.Hostname(), err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxAnswer))
	return answerError(u.Hostname(), resp)
}

// netError tells why a POST to host got no answer. It never shows the
// error's own words: they hold the whole address.
func (nt *Notifier) netError(host string, err error) error {
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	switch {
	case errors.Is(err, errPrivate):
		return &tryError{msg: errPrivate.Error()}
	case nt.ctx.Err() != nil:
		return errClosed
	case errors.Is(err, context.DeadlineExceeded):
		return &tryError{msg: fmt.Sprintf("%s did not answer within %s.", host, nt.cfg.Timeout), retry: true}
	case errors.As(err, &dns) && dns.IsNotFound:
		return &tryError{msg: fmt.Sprintf("There is no host named %s.", host)}
	case errors.As(err, &cert):
		return &tryError{msg: fmt.Sprintf("The certificate of %s is not valid.", host)}
	default:
		return &tryError{msg: fmt.Sprintf("Could not reach %s.", host), retry: true}
	}
}

// answerError tells whether an answer from host means the notice arrived
// (nil), may arrive if tried again (429, 5xx), or will not.
func answerError(host string, resp *http.Response) error {
	code := resp.StatusCode
	status := strings.TrimSpace(strconv.Itoa(code) + " " + http.StatusText(code))
	switch {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusTooManyRequests || code >= 500:
		return &tryError{
			msg:   fmt.Sprintf("%s answered %s.", host, status),
			retry: true,
			after: retryAfter(resp.Header.Get("Retry-After"), time.Now()),
		}
	case code >= 300 && code < 400:
		return &tryError{msg: fmt.Sprintf("%s answered with a redirect (%s): give the address it leads to.", host, status)}
	default:
		return &tryError{msg: fmt.Sprintf("%s answered %s.", host, status)}
	}
}

// retryAfter reads a Retry-After header, in seconds or as a date; 0 when
// it has none.
func retryAfter(h string, now time.Time) time.Duration {
	if h == "" {
		return 0
	}
	if secs, err := strconv.Atoi(h); err == nil {
		return max(time.Duration(secs)*time.Second, 0)
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}
