import { beforeEach, describe, expect, it } from 'vitest';
import { $chatVisible, hideChat, showChat, toggleChat } from '../../src/features/chat/window-store.ts';
import {
  $contactOpen, $mobileMenuOpen, $overlay, $searchOpen,
  closeContact, closeMobileMenu, closeOverlay, closeSearch, openContact, openMobileMenu, openSearch,
} from '../../src/features/frame/store.ts';

describe('ui store', () => {
  beforeEach(() => {
    closeOverlay();
    hideChat();
  });

  it('starts with everything closed', () => {
    expect($overlay.get()).toBeNull();
    expect([$searchOpen.get(), $mobileMenuOpen.get(), $contactOpen.get(), $chatVisible.get()]).toEqual([false, false, false, false]);
  });

  it('opens and closes the search modal', () => {
    openSearch();
    expect($searchOpen.get()).toBe(true);
    closeSearch();
    expect($searchOpen.get()).toBe(false);
  });

  it('opens and closes the mobile menu and the contact modal', () => {
    openMobileMenu();
    expect($mobileMenuOpen.get()).toBe(true);
    closeMobileMenu();
    expect($mobileMenuOpen.get()).toBe(false);
    openContact();
    expect($contactOpen.get()).toBe(true);
    closeContact();
    expect($contactOpen.get()).toBe(false);
  });

  it('keeps one overlay open at a time', () => {
    openMobileMenu();
    openContact();
    expect($mobileMenuOpen.get()).toBe(false);
    expect($contactOpen.get()).toBe(true);
  });

  it('closing an overlay that is not open leaves the open one alone', () => {
    openSearch();
    closeContact();
    expect($searchOpen.get()).toBe(true);
  });

  it('shows, hides and toggles the chat window independently of overlays', () => {
    openSearch();
    showChat();
    expect($chatVisible.get()).toBe(true);
    expect($searchOpen.get()).toBe(true);
    toggleChat();
    expect($chatVisible.get()).toBe(false);
    toggleChat();
    expect($chatVisible.get()).toBe(true);
  });
});
