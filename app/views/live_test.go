package views

import (
	"testing"

	"github.com/attnviz/attnviz/app/compute"
)

func TestLive(t *testing.T) {
	var l Live
	if l.Draw(Props{Results: compute.Results{Rev: 1}}) {
		t.Error("Draw with no drawer reported drawn")
	}

	a, b := new(int), new(int) // two views
	var got []int
	l.Own(a, func(p Props) bool { got = append(got, p.Rev); return true })
	if !l.Draw(Props{Results: compute.Results{Rev: 2}}) || len(got) != 1 || got[0] != 2 {
		t.Errorf("Draw did not hand the owner's drawer the props: %v", got)
	}

	// The page switches views: the new one mounts before the old one goes.
	l.Own(b, func(Props) bool { return false })
	l.Release(a)
	if l.draw == nil || l.owner != b {
		t.Fatal("the old view's Release removed the new view's drawer")
	}
	if l.Draw(Props{Results: compute.Results{Rev: 3}}) {
		t.Error("Draw reported drawn where the drawer did not draw")
	}
	l.Release(b)
	if l.Draw(Props{Results: compute.Results{Rev: 4}}) || len(got) != 1 {
		t.Errorf("Draw called a released drawer: %v", got)
	}

	var nilLive *Live // views rendered without a page, as in tests
	nilLive.Own(a, func(Props) bool { return true })
	nilLive.Release(a)
	if nilLive.Draw(Props{}) {
		t.Error("a nil Live drew")
	}
}
