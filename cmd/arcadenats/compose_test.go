package main

import (
	"context"
	"net/url"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// composeService is what the checks read of a service in
// docs/cluster/docker-compose.yml.
type composeService struct {
	Entrypoint  []string          `yaml:"entrypoint"`
	Command     []string          `yaml:"command"`
	Environment map[string]string `yaml:"environment"`
	Volumes     []string          `yaml:"volumes"`
}

// mount finds the volume (or host path) that holds file in s, and the
// file's path inside it ("" when no volume holds it).
func (s composeService) mount(file string) (source, rest string) {
	for _, v := range s.Volumes {
		parts := strings.Split(v, ":")
		if len(parts) < 2 {
			continue
		}
		if r, ok := strings.CutPrefix(file, parts[1]); ok && (r == "" || r[0] == '/') {
			return parts[0], strings.TrimPrefix(r, "/")
		}
	}
	return "", ""
}

// target is where s mounts the volume source ("" when it does not).
func (s composeService) target(source string) string {
	for _, v := range s.Volumes {
		if parts := strings.Split(v, ":"); len(parts) >= 2 && parts[0] == source {
			return parts[1]
		}
	}
	return ""
}

// TestComposeFile checks docs/cluster/docker-compose.yml without Docker:
// it parses, its secrets come from the operator (no defaults), its NATS
// nodes run this command with its own environment, nats-secure.conf and
// every variable that file reads, TLS files that the certs service makes,
// routes to one another with the route password; and its front-ends dial
// those nodes with the frontend user's password and the CA, with
// variables the README documents.
func TestComposeFile(t *testing.T) {
	raw := read(t, "../../docs/cluster/docker-compose.yml")
	secrets := map[string]string{"ARCADE_NATS_FRONTEND_PASSWORD": "front0pw", "ARCADE_NATS_ROUTE_PASSWORD": "route0pw"}
	vars := regexp.MustCompile(`\$\{([A-Z_]+)(:\?[^}]*)?\}`)
	if n, m := strings.Count(raw, "${"), len(vars.FindAllString(raw, -1)); n != m {
		t.Fatalf("%d of the compose file's %d variables are not ${NAME} or ${NAME:?message}: no secret may have a default", n-m, n)
	}
	for name := range secrets {
		if !strings.Contains(raw, "${"+name+":?") {
			t.Errorf("the compose file starts without %s: it must refuse (${%s:?...})", name, name)
		}
	}
	raw = vars.ReplaceAllStringFunc(raw, func(v string) string {
		name := vars.FindStringSubmatch(v)[1]
		if secrets[name] == "" {
			t.Errorf("the compose file reads %s, which is no secret of the cluster's", name)
		}
		return secrets[name]
	})
	var file struct {
		Services map[string]composeService `yaml:"services"`
	}
	if err := yaml.Unmarshal([]byte(raw), &file); err != nil {
		t.Fatalf("docker-compose.yml: %v", err)
	}
	certs, ok := file.Services["certs"]
	if !ok || len(certs.Command) != 1 {
		t.Fatalf("no certs service with one shell command: %+v", certs)
	}
	script := read(t, "../../docs/cluster/make-certs.sh")
	conf := read(t, "../../docs/cluster/nats-secure.conf")
	var usage strings.Builder
	run(context.Background(), []string{"-h"}, func(string) string { return "" }, &usage)
	dockerfile := read(t, "../../Dockerfile")
	var confVars []string
	for _, m := range regexp.MustCompile(`\$(ARCADE_[A-Z_]+)`).FindAllStringSubmatch(conf, -1) {
		confVars = append(confVars, m[1])
	}
	slices.Sort(confVars)
	confVars = slices.Compact(confVars)
	if len(confVars) != 5 {
		t.Fatalf("nats-secure.conf reads %v, want its 2 passwords and 3 TLS files", confVars)
	}

	var nodes []string
	for name, s := range file.Services {
		if slices.Equal(s.Entrypoint, []string{"/arcadenats"}) {
			nodes = append(nodes, name)
		}
	}
	slices.Sort(nodes)
	if len(nodes) != 3 || !strings.Contains(dockerfile, " /arcadenats\n") {
		t.Fatalf("NATS nodes %v (want 3), or the image has no /arcadenats", nodes)
	}
	for _, name := range nodes {
		s := file.Services[name]
		env := s.Environment
		for k := range env {
			if !strings.Contains(usage.String(), "("+k+")") && !strings.Contains(conf, "$"+k) {
				t.Errorf("%s: %s is neither an arcadenats flag's nor one nats-secure.conf reads", name, k)
			}
		}
		for _, k := range confVars {
			if env[k] == "" {
				t.Errorf("%s: nats-secure.conf reads %s, which is not set", name, k)
			}
		}
		if src, rest := s.mount(env["ARCADE_NATS_CONFIG"]); rest != "" || src != "./nats-secure.conf" {
			t.Errorf("%s: ARCADE_NATS_CONFIG %q is not nats-secure.conf (%q)", name, env["ARCADE_NATS_CONFIG"], src)
		}
		for _, k := range []string{"ARCADE_NATS_TLS_CERT", "ARCADE_NATS_TLS_KEY", "ARCADE_NATS_TLS_CA"} {
			src, made := s.mount(env[k])
			dir := certs.target(src)
			if made == "" || dir == "" || !strings.Contains(certs.Command[0], "/make-certs.sh "+dir+" ") || !strings.Contains(script, " "+made) {
				t.Errorf("%s: %s %q is no file that make-certs.sh writes in the certs service", name, k, env[k])
			}
		}
		if env["ARCADE_NATS_NAME"] != name || !strings.Contains(certs.Command[0], " "+name+" ") {
			t.Errorf("%s: named %q, or the certificate does not name it", name, env["ARCADE_NATS_NAME"])
		}
		var routed []string
		for _, r := range strings.Split(env["ARCADE_NATS_ROUTES"], ",") {
			u, err := url.Parse(r)
			if err != nil || u.Scheme != "nats-route" || u.User.String() != "route:"+secrets["ARCADE_NATS_ROUTE_PASSWORD"] {
				t.Errorf("%s: route %q is not nats-route://route:PASSWORD@host:port", name, r)
				continue
			}
			routed = append(routed, u.Hostname())
		}
		slices.Sort(routed)
		if others := slices.DeleteFunc(slices.Clone(nodes), func(n string) bool { return n == name }); !slices.Equal(routed, others) {
			t.Errorf("%s: routes to %v, want %v", name, routed, others)
		}
	}

	readme := read(t, "../../README.md")
	fronts := 0
	for name, s := range file.Services {
		env := s.Environment
		if env["ARCADE_NATS"] == "" {
			continue
		}
		fronts++
		for k := range env {
			if !strings.Contains(readme, k) {
				t.Errorf("%s: %s is not in the README", name, k)
			}
		}
		for _, u := range strings.Split(env["ARCADE_NATS"], ",") {
			if p, err := url.Parse(u); err != nil || !slices.Contains(nodes, p.Hostname()) {
				t.Errorf("%s: NATS URL %q is no node's", name, u)
			}
		}
		if env["ARCADE_NATS_INSECURE"] != "" || env["ARCADE_NATS_USER"] != "frontend" || !strings.Contains(conf, "user: frontend") ||
			env["ARCADE_NATS_PASSWORD"] != secrets["ARCADE_NATS_FRONTEND_PASSWORD"] {
			t.Errorf("%s: does not connect as the frontend user with its password, or allows an open NATS", name)
		}
		src, ca := s.mount(env["ARCADE_NATS_CA"])
		if dir := certs.target(src); dir == "" || src == "nats-tls" || !strings.Contains(certs.Command[0], " "+path.Join(dir, ca)) {
			t.Errorf("%s: ARCADE_NATS_CA %q is not the CA the certs service copies for the front-ends", name, env["ARCADE_NATS_CA"])
		}
	}
	if fronts != 2 {
		t.Errorf("%d front-ends, want 2", fronts)
	}
}

// read returns a file's text.
func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
