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
	if s := status(tr, 0, i18n.LangEN); !strings.Contains(s, "1.2345") {
		t.Fatalf("running fine: %q does not show the loss", s)
	}
	tr.Problem = compute.Problem{Key: "learn.diverged"}
	if s := status(tr, 0, i18n.LangEN); strings.Contains(s, "1.2345") || strings.Contains(s, "50.0") {
		t.Errorf("diverged: %q still shows the last finite loss or accuracy", s)
	}
}

// TestStatusReplay says, below the link's step with training off, that the
// page retrains to reopen the link's model, and of which step.
func TestStatusReplay(t *testing.T) {
	tr := &compute.Training{Step: 300, Until: 150, Loss: 0.5, Accuracy: 0.5}
	if s := status(tr, 5000, i18n.LangEN); !strings.Contains(s, "Retraining") || !strings.Contains(s, "300 of 5000") {
		t.Errorf("below the link's step 5000: %q", s)
	}
	tr.Step = 5000
	if s := status(tr, 5000, i18n.LangEN); strings.Contains(s, "Retraining") {
		t.Errorf("at the link's step: %q", s)
	}
}

// TestStatusTinyLoss writes a loss below 0.0001 with its digits, not as
// 0.0000.
func TestStatusTinyLoss(t *testing.T) {
	for loss, want := range map[float64]string{7.0234e-13: "loss 7.02e-13", 0.00012345: "loss 0.0001", 0: "loss 0.0000", 2.5: "loss 2.5000"} {
		tr := &compute.Training{Step: 30, Until: 100, Loss: loss, Accuracy: 1}
		if s := status(tr, 0, i18n.LangEN); !strings.Contains(s, want) {
			t.Errorf("loss %g: %q, want %q in it", loss, s, want)
		}
	}
}

// TestPaceLeft says how long a paced run's steps left take, in both
// languages, and nothing at full speed or once stopped.
func TestPaceLeft(t *testing.T) {
	tr := &compute.Training{Step: 100, Until: 2300, Running: true}
	for _, c := range []struct {
		pace int
		lang string
		want string
	}{
		{2, i18n.LangEN, " · about 19 min to go at this speed"},
		{2, i18n.LangZH, " · 按此速度还需约 19 分钟"},
		{30, i18n.LangEN, " · about 2 min to go at this speed"},
		{0, i18n.LangEN, ""},
	} {
		if got := paceLeft(tr, c.pace, c.lang); got != c.want {
			t.Errorf("pace %d, %s: %q, want %q", c.pace, c.lang, got, c.want)
		}
	}
	if got := paceLeft(&compute.Training{Step: 10, Until: 150}, 2, i18n.LangEN); got != "" {
		t.Errorf("stopped: %q", got)
	}
	for secs, want := range map[int]string{45: "45 s", 61: "2 min", 3900: "1 h 5 min"} {
		if got := duration(i18n.LangEN, secs); got != want {
			t.Errorf("duration(%d) = %q, want %q", secs, got, want)
		}
	}
}
