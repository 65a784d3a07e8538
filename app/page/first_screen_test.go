package page

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestFirstScreenParts checks that a held part is its copy until released
// and that a part not held is live (e2e's TestFirstScreen checks the copies
// against the live parts in the browser).
func TestFirstScreenParts(t *testing.T) {
	live := func() app.UI { return app.Nav().Class("tabs") }
	f := firstScreen{held: map[string]string{heldTabs: `<nav class="tabs" inert=""></nav>`}}
	if !f.holding() {
		t.Fatal("holding() = false with a part held")
	}
	if got := app.HTMLString(f.part(heldTabs, live)); !strings.Contains(got, `inert=""`) {
		t.Errorf("the held part renders %q, want its copy", got)
	}
	if got := app.HTMLString(f.part(heldSidebar, func() app.UI { return app.Aside().Class("sidebar") })); !strings.HasPrefix(got, "<aside") {
		t.Errorf("a part not held renders %q, want the live one", got)
	}
	f.release()
	if f.holding() {
		t.Error("holding() = true after release")
	}
	if got := app.HTMLString(f.part(heldTabs, live)); strings.Contains(got, "inert") {
		t.Errorf("the released part renders %q, want the live one", got)
	}

}
