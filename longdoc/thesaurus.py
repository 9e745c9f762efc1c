"""General contract-drafting vocabulary: groups of words drafters use for the same idea.

Each line is one group. A query word from a group also looks for the others, at a lower weight
(see :mod:`longdoc.query`). The groups are ordinary legal usage, not tied to any data set.
"""

from __future__ import annotations

GROUPS: tuple[str, ...] = tuple(
    line
    for line in """
terminate cancel rescind expire expiration termination cancellation
assign transfer delegate assignment novation assignee
oral verbal verbally orally spoken
disclose reveal divulge share disclosure communicate
obtain acquire receive procure
notify notice inform advise notification
confidential proprietary secret nonpublic
compete competition competitive competitor competing
solicit hire employ recruit entice induce
employee staff personnel representative officer director
affiliate subsidiary
indemnify indemnification defend
liability liable damages losses
warranty warrant guarantee
license licence sublicense
fee price pricing payment pay charge compensation royalty
exclusive exclusively sole solely
perpetual irrevocable
renew renewal extend extension
audit inspect inspection examine
insurance insure insured coverage
escrow deposit
govern governing law laws jurisdiction
dispute arbitration arbitrate mediation litigation
return destroy destruction delete erase
copy copies reproduce reproduction duplicate
decompile disassemble
contractor consultant agent advisor adviser
survive survival
cap limit limitation ceiling exceed
breach default violation
consent approval approve permission authorize
merger acquisition reorganization consolidation
ownership own title owner
develop development invention improvement
independent independently separately
public publicly publication
compel compelled subpoena legally
injunction injunctive equitable remedy remedies
duration period term
information material materials data
favorable favourable favored favoured preferential
""".strip().splitlines()
)
