package views

// Drawing a keystroke's heatmaps in the keystroke's own event.
//
// go-app applies a change to the DOM in its next frame: a timer that the
// event's dispatch arms, 1/120 s later plus the timer's delay, about 10 ms in
// Chromium (bench/bare measures it). A view that has a Live drawer draws its
// heatmaps at once, in the dispatch of the event, from the Props the page
// will render next; go-app's frame then updates the rest of the page, and
// the charts, handed the same parts, have nothing left to draw.

// Live is where the page's view registers the function that draws new Props
// at once (see Page.set). The page owns it; views reach it through
// Props.Live.
type Live struct {
	owner any
	draw  func(Props) bool
}

// Own makes draw the page's live drawer, on behalf of owner (a mounted view).
func (l *Live) Own(owner any, draw func(Props) bool) {
	if l != nil {
		l.owner, l.draw = owner, draw
	}
}

// Release removes owner's drawer, if it is still the one registered: when
// the page switches views, the new view may mount before the old one is
// dismounted.
func (l *Live) Release(owner any) {
	if l != nil && l.owner == owner {
		l.owner, l.draw = nil, nil
	}
}

// Draw has the registered view draw p's heatmaps at once. It reports
// whether they show p now; false leaves them to go-app's next frame.
func (l *Live) Draw(p Props) bool {
	if l == nil || l.draw == nil {
		return false
	}
	return l.draw(p)
}
