// Package rating computes players' skill ratings from game results with
// the Weng-Lin Bayesian approximation's Plackett-Luce model (R. C. Weng and
// C.-J. Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
// 2011, Algorithm 4), the model the OpenSkill libraries default to. It
// handles any number of teams of any size, ties included; a player alone
// is a team of one.
//
// A rating is a normal belief about a player's skill: Mu its mean, Sigma
// its spread. New players start at Mu 25, Sigma 25/3; Ordinal (Mu - 3
// Sigma) is the conservative estimate a leaderboard orders by: a player
// rises only as the arcade grows sure of them.
//
// No maintained Go library implements the model, so it is written here
// from the paper; its tests hold the OpenSkill reference implementation's
// published figures.
package rating

import "math"

// Default values of the model.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	// beta is the spread of a performance around the skill.
	beta = DefaultSigma / 2
	// kappa keeps a variance from shrinking to nothing.
	kappa = 0.0001
)

// Rating is one player's skill belief.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// New is a new player's rating.
func New() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Ordinal is the conservative estimate of the skill: Mu - 3 Sigma.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Rate returns the teams' ratings after a game in which team i finished at
// ranks[i] (1 first; equal ranks are ties). teams and ranks have the same
// length, at least 2; the ratings given are not changed.
func Rate(teams [][]Rating, ranks []int) [][]Rating {
	n := len(teams)
	mu, sigma2 := make([]float64, n), make([]float64, n)
	c2 := 0.0
	for i, team := range teams {
		for _, r := range team {
			mu[i] += r.Mu
			sigma2[i] += r.Sigma * r.Sigma
		}
		c2 += sigma2[i] + beta*beta
	}
	c := math.Sqrt(c2)
	// sums[q]: the exponentiated skills of the teams that finished no
	// better than q; ties[q]: how many teams share q's rank.
	sums, ties := make([]float64, n), make([]float64, n)
	for q := range teams {
		for i := range teams {
			if ranks[i] >= ranks[q] {
				sums[q] += math.Exp(mu[i] / c)
			}
			if ranks[i] == ranks[q] {
				ties[q]++
			}
		}
	}
	out := make([][]Rating, n)
	for i, team := range teams {
		omega, delta := 0.0, 0.0
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			p := math.Exp(mu[i]/c) / sums[q]
			if q == i {
				omega += (1 - p) / ties[q]
			} else {
				omega -= p / ties[q]
			}
			delta += p * (1 - p) / ties[q]
		}
		gamma := math.Sqrt(sigma2[i]) / c
		omega *= sigma2[i] / c
		delta *= gamma * sigma2[i] / c2
		out[i] = make([]Rating, len(team))
		for j, r := range team {
			share := r.Sigma * r.Sigma / sigma2[i]
			out[i][j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, kappa)),
			}
		}
	}
	return out
}
