// welcome_card.h — the first visitor's card: where to start, in one glance.
//
// A card in the middle of the dimmed map with the product's promise in one line and
// three large choices: follow one token on a short guided trip, take a lesson, or
// explore freely; an EN / 中文 switch sits on the card. The card is modal: while it
// is up, the map runs behind it but takes no clicks.
// When it shows is the app's choice (see App): on the page's first visit without a
// link, on the desktop only with --welcome, and again from Help > Where to start;
// never over an open lesson, presenter mode or an embedded map.
// Keys: 1 / 2 / 3 pick, Esc = explore freely (said on the card, except on a narrow
// screen: a phone has no keys, and its language switch is as tall as a finger).
//
// Usage:
//   WelcomeCard card;  card.open();
//   WelcomeChoice c = card.key(sym);   // from App::event; None when the key is not the card's
//   WelcomeChoice c = card.draw(narrow);  // every frame, outside any window; None until a pick
#pragma once
#include <SDL.h>

enum class WelcomeChoice { None, Follow, Lesson, Explore };

class WelcomeCard {
public:
    void open() { open_ = true; }
    void close() { open_ = false; }
    bool is_open() const { return open_; }
    // A pick by key closes the card and returns it.
    WelcomeChoice key(SDL_Keycode sym);
    // A pick by click closes the card and returns it.
    WelcomeChoice draw(bool narrow);

private:
    WelcomeChoice picked(WelcomeChoice c) {
        if (c != WelcomeChoice::None) open_ = false;
        return c;
    }
    bool open_ = false;
};
