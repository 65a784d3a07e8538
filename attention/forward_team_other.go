//go:build !amd64 || purego

package attention

// forwardTeam reports false: outside amd64's assembly build, Forward runs
// its heads one after the other (forward_team_amd64.go).
func forwardTeam(*Result, *Input) bool { return false }
