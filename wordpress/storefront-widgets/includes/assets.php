<?php
/**
 * What a page loads: the loader (`cdn/storefront-widgets.js`, deferred), the reservation
 * stylesheet (`cdn/storefront-widgets.css`, in the head, so that every widget holds its
 * place from the first paint) and the page-wide settings, once. On a page without a
 * widget nothing at all, unless the settings say everywhere.
 *
 * A page's widgets are known before the head is printed when they are in the post's own
 * content (the shortcodes and blocks are looked for there) or in a block theme's template
 * (rendered before the head). A widget found later, in a classic theme's widget area or
 * template, still loads everything, from the footer.
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Enqueues the loader, the stylesheet and the settings.
 */
final class Storefront_Widgets_Assets {
	const HANDLE = 'storefront-widgets';

	/**
	 * Whether the settings are added to the page already.
	 *
	 * @var bool
	 */
	private static $configured = false;

	/**
	 * Hooks the plugin into WordPress's script and style queues.
	 */
	public static function hook() {
		add_action( 'init', array( __CLASS__, 'register' ) );
		add_action( 'wp_enqueue_scripts', array( __CLASS__, 'enqueue_for_page' ) );
		add_action( 'enqueue_block_editor_assets', array( __CLASS__, 'enqueue' ) );
		if ( self::lacks_strategy() ) {
			add_filter( 'script_loader_tag', array( __CLASS__, 'add_defer' ), 10, 2 );
		}
	}

	/**
	 * WordPress before 6.3 has no loading `strategy` for scripts: there, its fifth argument
	 * is `$in_footer`, and the loader gets its `defer` from the `script_loader_tag` filter.
	 *
	 * @return bool
	 */
	private static function lacks_strategy() {
		return version_compare( get_bloginfo( 'version' ), '6.3', '<' );
	}

	/**
	 * Registers the loader and the stylesheet from the plugin's own copy of the package's
	 * `dist/cdn/` (the loader imports its element modules from beside itself).
	 */
	public static function register() {
		$base = plugins_url( 'cdn/', STOREFRONT_WIDGETS_FILE );
		wp_register_script( self::HANDLE, $base . 'storefront-widgets.js', array(), STOREFRONT_WIDGETS_VERSION, self::lacks_strategy() ? false : array( 'strategy' => 'defer' ) );
		wp_register_style( self::HANDLE, $base . 'storefront-widgets.css', array(), STOREFRONT_WIDGETS_VERSION );
	}

	/**
	 * `wp_enqueue_scripts`: everything, on every page or on a page whose post uses a widget.
	 */
	public static function enqueue_for_page() {
		$settings = Storefront_Widgets_Settings::get();
		if ( Storefront_Widgets_Settings::LOAD_EVERYWHERE === $settings['load'] || self::page_has_widget() ) {
			self::enqueue();
		}
	}

	/**
	 * Whether the page's post holds a widget's shortcode or block.
	 *
	 * @return bool
	 */
	private static function page_has_widget() {
		$post  = is_singular() ? get_queried_object() : null;
		$found = false;
		if ( $post instanceof WP_Post ) {
			$found = false !== strpos( $post->post_content, '<!-- wp:storefront-widgets/' )
				|| 1 === preg_match( '/\[svc_(review_summary|reviews|post_gallery|shoppable_post|rich_snippet)[\s\]\/]/', $post->post_content );
		}
		/**
		 * Filters whether the current page uses a widget, for a theme that prints one by hand.
		 *
		 * @param bool $found Whether the page's post holds a widget's shortcode or block.
		 */
		return (bool) apply_filters( 'storefront_widgets_page_has_widget', $found );
	}

	/**
	 * A widget is on the page (called as each one renders).
	 */
	public static function widget_used() {
		if ( ! is_admin() && ! wp_script_is( self::HANDLE, 'enqueued' ) && did_action( 'init' ) ) {
			self::enqueue();
		}
	}

	/**
	 * The loader, the stylesheet, and the page-wide settings once: a small inline script
	 * before the loader, which hands them to `StorefrontWidgets.configure()` once the
	 * deferred loader has run (deferred scripts run before `DOMContentLoaded`). Every
	 * element on the page reads them, as it would from a `<svc-storefront>` around it.
	 */
	public static function enqueue() {
		wp_enqueue_style( self::HANDLE );
		wp_enqueue_script( self::HANDLE );
		if ( self::$configured ) {
			return;
		}
		self::$configured = true;
		$settings         = Storefront_Widgets_Settings::get();
		$page             = array( 'market' => $settings['market'] );
		if ( '' !== $settings['publishable_key'] ) {
			$page['publishableKey'] = $settings['publishable_key'];
		}
		$api_base = Storefront_Widgets_Settings::resolve_api_base( $settings['api_base'] );
		if ( '' !== $api_base ) {
			$page['apiBase'] = $api_base;
		}
		// JSON_HEX_TAG: no `</script>` can come out of a value.
		$json = wp_json_encode( $page, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES );
		wp_add_inline_script( self::HANDLE, 'addEventListener("DOMContentLoaded",function(){window.StorefrontWidgets&&StorefrontWidgets.configure(' . $json . ')});', 'before' );
	}

	/**
	 * `script_loader_tag` on WordPress before 6.3: `defer` on the loader's own tag (the
	 * tag given holds its inline settings script too, which must stay as it is).
	 *
	 * @param string $tag    The script's HTML.
	 * @param string $handle The script's handle.
	 * @return string
	 */
	public static function add_defer( $tag, $handle ) {
		if ( self::HANDLE !== $handle || false !== strpos( $tag, ' defer' ) ) {
			return $tag;
		}
		return (string) preg_replace( '/<script(?=[^>]*\sid=[\'"]' . self::HANDLE . '-js[\'"])/', '<script defer', $tag, 1 );
	}
}
