from django.urls import path

from accounts import shop, views

urlpatterns = [
    path("play-now/", views.guest_start, name="guest_start"),
    path("account/upgrade/", views.guest_upgrade, name="guest_upgrade"),
    path("account/profile/", views.profile, name="profile"),
    path("account/data/", views.own_data, name="own_data"),
    path("account/data/download/", views.download_own_data, name="download_own_data"),
    path("account/data/delete/", views.delete_own_account, name="delete_own_account"),
    path("account/profile/looks/", shop.choose_looks, name="choose_looks"),
    path("language/", views.set_language, name="set_language"),
    path("shop/", shop.shop, name="shop"),
    path("shop/buy/", shop.buy, name="buy"),
    path("coins/", shop.ledger, name="coins"),
    path("coins/check-in/", shop.check_in, name="check_in"),
]
