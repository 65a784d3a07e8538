package main

import (
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The server build of go-app (third_party/go-app) still serves HTTP.
var _ http.Handler = (*app.Handler)(nil)

// TestWasmHasNoNetHTTP checks that app.wasm does not import net/http: its
// crypto/tls would add about 430 KB gzip (third_party/go-app/README.md).
func TestWasmHasNoNetHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "./cmd/wasm")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list printed %d packages: %q", len(deps), out)
	}
	for _, p := range deps {
		if p == "net/http" || p == "crypto/tls" || p == "mime/multipart" {
			t.Errorf("app.wasm imports %s", p)
		}
	}
}
