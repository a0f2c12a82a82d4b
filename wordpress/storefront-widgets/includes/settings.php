<?php
/**
 * The plugin's one option (Settings → Storefront widgets): what it holds, its defaults and
 * the checks every value passes before it is saved. Only a checked value is ever stored,
 * so the rest of the plugin reads the option without checking again.
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The saved settings and their checks.
 */
final class Storefront_Widgets_Settings {
	const OPTION = 'storefront_widgets_settings';
	const GROUP  = 'storefront_widgets';
	const LOAD_WIDGETS    = 'widgets';
	const LOAD_EVERYWHERE = 'everywhere';

	/**
	 * The settings with their defaults filled in.
	 *
	 * @return array{publishable_key: string, market: string, api_base: string, load: string}
	 */
	public static function get() {
		$saved = get_option( self::OPTION, array() );
		$saved = is_array( $saved ) ? $saved : array();
		return array(
			'publishable_key' => isset( $saved['publishable_key'] ) ? (string) $saved['publishable_key'] : '',
			'market'          => isset( $saved['market'] ) && '' !== $saved['market'] ? (string) $saved['market'] : self::default_market(),
			'api_base'        => isset( $saved['api_base'] ) ? (string) $saved['api_base'] : '',
			'load'            => isset( $saved['load'] ) && self::LOAD_EVERYWHERE === $saved['load'] ? self::LOAD_EVERYWHERE : self::LOAD_WIDGETS,
		);
	}

	/**
	 * The site language's region as the service's market: `de_DE` → `de`, `sv_SE` → `se`,
	 * `en_US` → `us`; a language without a region (`ja`) → `us`.
	 *
	 * @return string
	 */
	public static function default_market() {
		$locale = function_exists( 'get_locale' ) ? get_locale() : 'en_US';
		if ( preg_match( '/^[a-z]{2,3}_([A-Z]{2})/', $locale, $match ) ) {
			return strtolower( $match[1] );
		}
		return 'us';
	}

	/**
	 * Whether `$key` looks like a publishable key. The service issues `svc_pk_` keys.
	 *
	 * @param string $key The key.
	 * @return bool
	 */
	public static function is_publishable_key( $key ) {
		return 1 === preg_match( '/^svc_pk_[A-Za-z0-9_]{1,200}$/', $key );
	}

	/**
	 * A market id or shortId: letters, digits, `_` and `-`.
	 *
	 * @param string $market The market.
	 * @return bool
	 */
	public static function is_market( $market ) {
		return 1 === preg_match( '/^[A-Za-z0-9_-]{1,64}$/', $market );
	}

	/**
	 * Whether `$url` may be the API base: an `https://` URL, or a path on the shop's own
	 * domain (its read proxy, such as `/storefront-api`). Plain `http://` only to this machine
	 * (`localhost`, `127.0.0.1`, `[::1]`), and only where wp-config.php defines
	 * STOREFRONT_WIDGETS_ALLOW_LOOPBACK_HTTP as true: a local API emulator in development and
	 * tests. Nothing else: a shop page must not read over plain HTTP.
	 *
	 * @param string $url The API base as entered.
	 * @return bool
	 */
	public static function is_api_base( $url ) {
		return 1 === preg_match( '#^/(?!/)[A-Za-z0-9._~/-]*$#', $url )
			|| 1 === preg_match( '#^https://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$#', $url )
			|| self::is_loopback_http( $url );
	}

	/**
	 * A plain `http://` URL to this machine, where the site allows it.
	 *
	 * @param string $url The URL.
	 * @return bool
	 */
	private static function is_loopback_http( $url ) {
		if ( ! defined( 'STOREFRONT_WIDGETS_ALLOW_LOOPBACK_HTTP' ) || true !== STOREFRONT_WIDGETS_ALLOW_LOOPBACK_HTTP ) {
			return false;
		}
		return 1 === preg_match( '#^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$#', $url );
	}

	/**
	 * The API base for the page: a path becomes an address on the shop's own domain; no
	 * trailing slash. Empty: the elements' own default, the service's public API.
	 *
	 * @param string $api_base A saved (checked) API base.
	 * @return string
	 */
	public static function resolve_api_base( $api_base ) {
		if ( '' === $api_base ) {
			return '';
		}
		$url = '/' === $api_base[0] ? home_url( $api_base ) : $api_base;
		return untrailingslashit( $url );
	}

	/**
	 * The Settings API's sanitize callback: each value checked, and a refused value leaves
	 * the saved one as it was, with an admin notice that says why. A secret key is never
	 * saved, and never echoed back.
	 *
	 * @param mixed $input The submitted fields.
	 * @return array The settings to save.
	 */
	public static function sanitize( $input ) {
		$output = self::get();
		$input  = is_array( $input ) ? $input : array();

		if ( isset( $input['publishable_key'] ) ) {
			$key = trim( sanitize_text_field( wp_unslash( (string) $input['publishable_key'] ) ) );
			if ( 0 === strpos( $key, 'svc_sk_' ) ) {
				add_settings_error( self::OPTION, 'secret-key', __( 'That is a secret key (svc_sk_…). It was not saved: a secret key must never be put into a page. Enter the workspace\'s publishable key (svc_pk_…), and replace the secret key in the service\'s dashboard, since it has been shared.', 'storefront-widgets' ) );
			} elseif ( '' === $key || self::is_publishable_key( $key ) ) {
				$output['publishable_key'] = $key;
			} else {
				add_settings_error( self::OPTION, 'bad-key', __( 'The publishable key was not saved: it starts with svc_pk_ and holds only letters, digits and underscores.', 'storefront-widgets' ) );
			}
		}

		if ( isset( $input['market'] ) ) {
			$market = trim( sanitize_text_field( wp_unslash( (string) $input['market'] ) ) );
			if ( '' === $market || self::is_market( $market ) ) {
				$output['market'] = $market;
			} else {
				add_settings_error( self::OPTION, 'bad-market', __( 'The market was not saved: use the service\'s market id, such as us, de or se.', 'storefront-widgets' ) );
			}
		}

		if ( isset( $input['api_base'] ) ) {
			$api_base = untrailingslashit( trim( sanitize_text_field( wp_unslash( (string) $input['api_base'] ) ) ) );
			if ( '' === $api_base || self::is_api_base( $api_base ) ) {
				$output['api_base'] = $api_base;
			} else {
				add_settings_error( self::OPTION, 'bad-api-base', __( 'The API address was not saved: enter an https:// address, or a path on this site such as /storefront-api for the shop\'s read proxy. Leave it empty for the service\'s own API.', 'storefront-widgets' ) );
			}
		}

		if ( isset( $input['load'] ) ) {
			$output['load'] = self::LOAD_EVERYWHERE === $input['load'] ? self::LOAD_EVERYWHERE : self::LOAD_WIDGETS;
		}
		return $output;
	}
}
