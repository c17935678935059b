"""The FIDE Laws applied to a game: position keys and replay (`replay`), editions as data (`editions`), the
audit's typed events (`events`), draw claims and audits (`claims`), and verdicts and audit reports told in
English, Slovak or Czech (`verdicts`, `report`) from the gettext catalogs of `messages`."""
