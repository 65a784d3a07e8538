package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
)

// TestStatusDiverged shows no loss or accuracy once training diverged:
// the last finite ones are not the model's.
func TestStatusDiverged(t *testing.T) {
	tr := &compute.Training{Step: 30, Until: 100, Loss: 1.2345, Accuracy: 0.5}
	if s := status(tr, i18n.LangEN); !strings.Contains(s, "1.2345") {
		t.Fatalf("running fine: %q does not show the loss", s)
	}
	tr.Problem = compute.Problem{Key: "learn.diverged"}
	if s := status(tr, i18n.LangEN); strings.Contains(s, "1.2345") || strings.Contains(s, "50.0") {
		t.Errorf("diverged: %q still shows the last finite loss or accuracy", s)
	}
}
