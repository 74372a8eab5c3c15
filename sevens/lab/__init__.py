"""The balance lab: is a rule set fair, what does a house rule change, and how sure are we.

``sevens analyse`` and ``sevens compare`` (:mod:`.commands`) play seeded
chunks of bot games (:mod:`.runner`), observe each game as integers
(:mod:`.measures`), and report figures with confidence intervals computed by
scipy.stats (:mod:`.stats`, :mod:`.figures`), as text, JSON or an HTML page
(:mod:`.report`).
"""
