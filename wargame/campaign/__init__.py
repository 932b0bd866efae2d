"""The campaign: players' master sheets, secret forces, engagements and the fights they lead to.

A campaign is a document, not a bot game: every change is an action applied to
a :class:`~wargame.campaign.state.CampaignState` through a
:class:`wargame.core.log.Session`, so undo, redo, history and saves come from
the action log. Secret contents travel only sealed (see :mod:`.secrets`).
"""
