package main

import (
	"errors"
	"slices"
	"testing"
)

// Loopback needs nothing; any other address needs a token and is then
// accepted as a Host name.
func TestServeHosts(t *testing.T) {
	for _, c := range []struct {
		addr, token string
		hosts       []string
		usage       bool
	}{
		{addr: "127.0.0.1:8080"},
		{addr: "[::1]:8080"},
		{addr: "localhost:9000"},
		{addr: "192.168.1.5:8080", usage: true},
		{addr: "0.0.0.0:8080", usage: true},
		{addr: ":8080", usage: true},
		{addr: "192.168.1.5:8080", token: "t", hosts: []string{"192.168.1.5"}},
		{addr: "workbench.lan:80", token: "t", hosts: []string{"workbench.lan"}},
		{addr: "8080", usage: true},
	} {
		hosts, err := serveHosts(c.addr, c.token)
		if c.usage != errors.Is(err, errUsage) {
			t.Errorf("%s token %q: error %v", c.addr, c.token, err)
			continue
		}
		if c.hosts != nil && !slices.Equal(hosts, c.hosts) {
			t.Errorf("%s: hosts %v, want %v", c.addr, hosts, c.hosts)
		}
		if !c.usage && c.token == "" && hosts != nil {
			t.Errorf("%s: loopback accepts extra hosts %v", c.addr, hosts)
		}
	}
	// All interfaces: the machine's own names are accepted.
	hosts, err := serveHosts("0.0.0.0:8080", "t")
	if err != nil || !slices.Contains(hosts, "127.0.0.1") && len(hosts) == 0 {
		t.Errorf("0.0.0.0 with a token: %v %v", hosts, err)
	}
}
